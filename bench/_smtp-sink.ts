/**
 * The yardstick of `bench/smtp`: a bare `smtp-server` (the package Vigil's door is built on)
 * that accepts any sender and recipient, drains each message and answers 250. Run as its own
 * process, like Vigil: `node --import tsx bench/_smtp-sink.ts <port>`; prints `ready <port>`.
 */
import { SMTPServer } from 'smtp-server';

const port = Number(process.argv[2] ?? 0);
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['AUTH', 'STARTTLS'],
  logger: false,
  maxClients: 2000,
  onData(stream, _session, callback) {
    stream.on('data', () => undefined);
    stream.on('end', () => callback(null, '2.0.0 Drained'));
  },
});
server.listen(port, '127.0.0.1', () => {
  const addr = server.server.address();
  console.log(`ready ${typeof addr === 'object' && addr ? addr.port : port}`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
