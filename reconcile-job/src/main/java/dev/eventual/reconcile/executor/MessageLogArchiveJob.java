package dev.eventual.reconcile.executor;

import com.xxl.job.core.context.XxlJobHelper;
import com.xxl.job.core.handler.annotation.XxlJob;
import dev.eventual.reconcile.archive.MessageLogArchive;
import org.springframework.stereotype.Component;

/** {@code messageLogArchiveJob}: one executor at a time is enough (route FIRST or ROUND in the admin). */
@Component
public class MessageLogArchiveJob {

    private final MessageLogArchive archive;

    public MessageLogArchiveJob(MessageLogArchive archive) {
        this.archive = archive;
    }

    @XxlJob("messageLogArchiveJob")
    public void archive() {
        int moved = archive.archive();
        XxlJobHelper.handleSuccess("archived " + moved + " rows");
    }
}
