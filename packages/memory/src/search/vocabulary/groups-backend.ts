// Concept groups of back-end and distributed-systems work. Each string is one group of words and
// phrases that a careful engineer would call the same problem, separated by `|`. Written from
// general knowledge of the field, not from any evaluation set.
export const BACKEND_GROUPS: readonly string[] = [
  // traffic control
  "throttle|throttling|rate limit|rate limiting|rate limiter|limiter|quota|429|too many requests|token bucket|leaky bucket|sliding window|fixed window|burst|requests per second|rps|qps|pacing|rate control|backpressure",
  "backpressure|bounded queue|unbounded queue|flow control|consumer lag|producer outpaced|buffer grew|slow consumer|load shedding",
  "fan out|fanout|broadcast|~publish|pub sub|pubsub|subscriber|subscribers|multicast|notify all|push to all|deliver to every",
  "webhook|webhooks|~callback|~callbacks|event delivery|~delivery|notification endpoint|http callback",
  "notification|notifications|~alert|~alerts|push notification|reminder|~digest|email|sms|~message",
  "email|e mail|mail|smtp|mailer|newsletter|~campaign|bulk email|~digest",
  // caching
  "cache|caching|cached|memoize|memoization|~memo|lru|lru cache|ttl|~expiry|stale|staleness|invalidate|invalidation|cache aside|read through|write through|cdn|~redis|memcached",
  "stale|stale read|stale data|~outdated|out of date|eventual consistency|read your writes|replication lag|lagging replica",
  "cache stampede|thundering herd|dogpile|stampede|reconnect at once|all at once|synchronized retries|jitter",
  "cache key|key collision|cache poisoning|personalized page served|wrong user",
  // retries and resilience
  "retry|retries|retrying|retried|backoff|exponential backoff|jitter|transient|transient failure|retry storm|requeue|redelivery|at least once",
  "circuit breaker|breaker|half open|fail fast|bulkhead|~fallback|degrade|graceful degradation|resilience|resilient",
  "timeout|timeouts|timed out|deadline|hang|hung|hangs|stuck|blocked forever|no timeout|read timeout|connect timeout|statement timeout|idle timeout|504|gateway timeout",
  "outage|downtime|unavailable|~down|503|service unavailable|partial failure|dependency failure|upstream|downstream",
  "third party|partner|external api|~vendor|~provider|upstream service|~integration|carrier|~gateway",
  // idempotency and duplicates
  "idempotent|idempotency|idempotency key|exactly once|dedupe|deduplicate|deduplication|duplicate|duplicates|~double|~twice|replay|replayed|at most once|at least once|charged twice|processed twice",
  "duplicate|duplicates|~double|~twice|~repeated|~again|dedupe|~unique|uniqueness|unique constraint|~collision",
  "payment|payments|~charge|charged|billing|checkout|invoice|invoices|stripe|refund|~subscription|payment gateway|payment provider",
  // data and schema
  "migration|migrations|migrate|schema change|~schema|alter table|add column|drop column|rename column|backfill|ddl|expand contract|down migration|rollback migration",
  "index|indexes|indices|create index|~concurrently|full table scan|table scan|slow query|query plan|~explain",
  "lock|locks|locking|exclusive lock|table lock|row lock|deadlock|deadlocked|lock contention|select for update|advisory lock",
  "transaction|transactions|transactional|~commit|~rollback|rolled back|~isolation|serializable|atomic|atomicity|two phase commit|savepoint",
  "large table|millions of rows|big table|hot table|huge table|table rewrite",
  "orm|active record|sqlalchemy|hibernate|lazy loading|eager loading|n+1|n 1|query count|select in loop",
  "connection pool|pooling|~pool|max connections|too many connections|pool exhausted|connection leak|pgbouncer",
  "soft delete|deleted at|tombstone|~archive|~archived|undelete|hard delete",
  "sequence|sequential|auto increment|autoincrement|unique id|uuid|id generation|order number|max id|~monotonic|snowflake id",
  "pagination|paginate|paging|~page|~pages|next page|cursor|offset|limit offset|keyset|infinite scroll|load more|page size|deep paging",
  "search|full text|full text search|fts|elasticsearch|opensearch|solr|lucene|index|query string|relevance|ranking",
  "fuzzy|fuzzy matching|typo|typo tolerant|edit distance|levenshtein|did you mean|approximate match|spelling",
  "autocomplete|typeahead|~suggest|~suggestions|prefix query|search as you type|debounce",
  "sync|synchronize|synchronization|in sync|consistency|dual write|~drift|diverged|outbox|change data capture|cdc|replication",
  // concurrency
  "race|race condition|concurrent|concurrency|concurrently|parallel|simultaneous|interleaved|lost update|check then act|toctou|double booking|thread safe|atomic",
  "lost update|overwrote|overwrite|last write wins|optimistic locking|optimistic concurrency|version column|etag|compare and swap|cas|~conflict",
  "distributed lock|leader election|leader|single instance|only one instance|mutual exclusion|mutex|setnx|fencing token|lease|zookeeper|etcd",
  "thread|threads|threading|multithreaded|worker thread|gil|async|asyncio|event loop|coroutine|goroutine",
  "counter|counters|increment|decrement|incr|~count|tally",
  "inventory|stock|reservation|reserve|booking|~book|seat|seats|~room|availability|oversell|oversold",
  // queues and jobs
  "queue|queues|message queue|broker|sqs|rabbitmq|kafka|nats|pubsub|~topic|consumer|consumers|producer|~message|~messages",
  "~job|jobs|background job|worker|workers|task queue|celery|sidekiq|resque|job queue|worker pool|batch job",
  "dead letter|dead letter queue|dlq|poison message|poison pill|retry forever|redrive",
  "visibility timeout|ack|acknowledge|redelivered|processed twice|in flight|inflight",
  "ordering|out of order|in order|reordered|arrival order|fifo|partition key",
  "~event|~events|event sourcing|event sourced|event store|domain event|~aggregate|~projection|~snapshot|ledger|append only|upcasting|cqrs|read model",
  "kafka|offset|offsets|consumer group|partition|partitions|commit offset|topic|~stream|log compaction",
  "stream|streaming|streams|stream processing|window|windowed|tumbling window|sliding window|watermark|late events|event time|~aggregation",
  "graceful shutdown|sigterm|shutdown|drain|in flight jobs|~deploy|~restart|termination",
  // scheduling
  "cron|crontab|schedule|scheduled|scheduler|periodic|nightly|hourly|daily|weekly|monthly|recurring|timer|~interval",
  "overlap|overlapping|concurrent runs|run twice|ran twice|duplicate run|~skip|~skipped|missed run|catch up",
  // time
  "timezone|time zone|tz|utc|dst|daylight saving|~offset|local time|naive datetime|~naive|~clock|~clocks|spring forward|fall back",
  "clock skew|clock drift|~drift|ntp|wrong clock|device time|client time|monotonic clock",
  // money
  "money|currency|currencies|price|prices|pricing|amount|cents|decimal|rounding|~round|~float|floating point|~precision|minor units|exchange rate",
  "tax|vat|sales tax|gst|discount|discounts|coupon|~total|~totals|subtotal|cart|shopping cart|line item",
  "invoice|invoicing|billing|proration|prorate|prorated|~upgrade|~downgrade|~plan|~subscription|renewal|billing cycle",
  "~split|split the bill|~divide|~division|remainder|~allocate|~allocation|~bill|per person|even shares",
  // real time
  "websocket|websockets|~socket|~sockets|real time|realtime|live|live updates|sse|server sent events|long polling|long poll|push|socket io",
  "presence|online|offline|heartbeat|keepalive|ping|disconnect|~connected|last seen",
  "reconnect|reconnecting|reconnection|retry connect|connection drop|dropped connection",
  // http and apis
  "~client|http client|sdk|~requests|~fetch|axios|outbound|outbound call|external call",
  "load balancer|alb|elb|nginx|proxy|reverse proxy|ingress|haproxy|envoy|~buffering",
  "upload|uploads|uploaded|file upload|multipart|chunked|chunk|chunks|resumable|presigned|presigned url|s3|blob|object storage|attachment",
  "download|downloads|export|exports|csv export|~report|dump|streaming response|attachment",
  "large file|big file|large payload|4gb|huge file|oom|out of memory|memory limit|memory growth|~unbounded",
  "memory|oom|out of memory|memory leak|leak|heap|rss|memory growth|~killed|oom killed|garbage collection|gc",
  "performance|slow|~latency|p99|p95|throughput|speed up|fast|faster|optimize|optimization|bottleneck|hot path|~profiling|~scan",
  "compression|gzip|brotli|compress|decompress|zip|~archive|tar|zip bomb|~extract|~extraction",
  "serialization|serialize|deserialize|json|marshal|unmarshal|protobuf|avro|msgpack|pickle|~encoding|decode",
  "version|versioning|api version|backward compatible|backwards compatibility|breaking change|deprecation|compatibility",
];
