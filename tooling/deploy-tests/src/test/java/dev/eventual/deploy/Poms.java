package dev.eventual.deploy;

import org.w3c.dom.Document;
import org.w3c.dom.Element;
import org.w3c.dom.Node;
import org.w3c.dom.NodeList;

import javax.xml.parsers.DocumentBuilderFactory;
import java.util.ArrayList;
import java.util.List;

/** Reads the repository's pom.xml files. */
final class Poms {

    private Poms() {
    }

    /** A property of the root pom, e.g. rocketmq.version. */
    static String rootProperty(String name) {
        Element properties = child(parse("pom.xml").getDocumentElement(), "properties");
        Element property = child(properties, name);
        if (property == null) {
            throw new IllegalArgumentException("no property " + name + " in pom.xml");
        }
        return property.getTextContent().trim();
    }

    /** The classifier a module gives its repackaged (spring-boot-maven-plugin) jar, or null. */
    static String bootJarClassifier(String module) {
        Element plugins = child(child(parse(module + "/pom.xml").getDocumentElement(), "build"), "plugins");
        for (Element plugin : children(plugins, "plugin")) {
            if ("spring-boot-maven-plugin".equals(child(plugin, "artifactId").getTextContent().trim())) {
                Element classifier = child(child(plugin, "configuration"), "classifier");
                return classifier == null ? null : classifier.getTextContent().trim();
            }
        }
        return null;
    }

    private static Document parse(String path) {
        try {
            return DocumentBuilderFactory.newInstance().newDocumentBuilder().parse(Repository.path(path).toFile());
        } catch (Exception e) {
            throw new IllegalStateException("cannot read " + path, e);
        }
    }

    private static Element child(Element parent, String name) {
        List<Element> found = parent == null ? List.of() : children(parent, name);
        return found.isEmpty() ? null : found.get(0);
    }

    private static List<Element> children(Element parent, String name) {
        List<Element> found = new ArrayList<>();
        NodeList nodes = parent.getChildNodes();
        for (int i = 0; i < nodes.getLength(); i++) {
            Node node = nodes.item(i);
            if (node instanceof Element element && element.getTagName().equals(name)) {
                found.add(element);
            }
        }
        return found;
    }
}
