package dev.eventual.order.core.outbox;

import com.baomidou.mybatisplus.core.mapper.BaseMapper;
import org.apache.ibatis.annotations.Mapper;

/** The outbox writes an event's message_log row (the insert); who reads and settles the row has its own statements. */
@Mapper
interface MessageLogMapper extends BaseMapper<MessageLogRow> {
}
