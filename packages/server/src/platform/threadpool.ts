// Imported first by main.ts: blob writes fsync on libuv's thread pool, and the default four
// threads would cap how many e-mails can be made durable at once.
process.env.UV_THREADPOOL_SIZE ??= '16';
