import net from 'node:net';

/**
 * A minimal SMTP client over one persistent connection: one command at a time, and the time
 * from the end of DATA (the final ".") to the server's reply measured precisely.
 */
export class SmtpConnection {
  private socket!: net.Socket;
  private buffer = '';
  private waiting: ((line: string) => void) | null = null;
  private failWaiting: ((err: Error) => void) | null = null;
  private closed: Error | null = null;
  private replies: string[] = [];

  static async open(port: number, host = '127.0.0.1'): Promise<SmtpConnection> {
    const c = new SmtpConnection();
    await c.connect(port, host);
    return c;
  }

  private connect(port: number, host: string): Promise<void> {
    return new Promise((resolve, reject) => {
      this.socket = net.connect(port, host);
      this.socket.setNoDelay(true);
      this.socket.on('data', (d) => this.onData(d.toString('latin1')));
      this.socket.once('error', reject);
      // A server that goes away fails the command waiting for its reply (never leaves it hanging).
      const gone = (err?: Error) => {
        this.closed = err ?? new Error('the connection closed');
        const fail = this.failWaiting;
        this.waiting = null;
        this.failWaiting = null;
        fail?.(this.closed);
      };
      this.socket.on('error', gone);
      this.socket.on('close', () => gone());
      this.reply()
        .then((greeting) => {
          if (!greeting.startsWith('220')) throw new Error(`unexpected greeting ${greeting}`);
          return this.command('EHLO bench.local');
        })
        .then(() => resolve(), reject);
    });
  }

  private onData(text: string) {
    this.buffer += text;
    let m;
    while ((m = /^(\d{3})([ -]).*\r\n/.exec(this.buffer))) {
      const line = m[0];
      this.buffer = this.buffer.slice(line.length);
      if (m[2] === '-') continue; // multi-line reply: wait for its last line
      const done = line.trimEnd();
      if (this.waiting) {
        const w = this.waiting;
        this.waiting = null;
        this.failWaiting = null;
        w(done);
      } else this.replies.push(done);
    }
  }

  private reply(): Promise<string> {
    const queued = this.replies.shift();
    if (queued !== undefined) return Promise.resolve(queued);
    if (this.closed) return Promise.reject(this.closed);
    return new Promise((resolve, reject) => {
      this.waiting = resolve;
      this.failWaiting = reject;
    });
  }

  async command(line: string): Promise<string> {
    this.socket.write(`${line}\r\n`);
    return this.reply();
  }

  /** Sends one message; returns the final reply and the DATA-end → reply time in ms. */
  async send(from: string, to: string[], data: Buffer): Promise<{ reply: string; ms: number }> {
    let r = await this.command(`MAIL FROM:<${from}>`);
    if (!r.startsWith('250')) return { reply: r, ms: 0 };
    let accepted = 0;
    for (const rcpt of to) if ((await this.command(`RCPT TO:<${rcpt}>`)).startsWith('250')) accepted++;
    if (!accepted) {
      await this.command('RSET');
      return { reply: '550 no recipient accepted', ms: 0 };
    }
    r = await this.command('DATA');
    if (!r.startsWith('354')) return { reply: r, ms: 0 };
    const started = performance.now();
    this.socket.write(data);
    this.socket.write('\r\n.\r\n');
    r = await this.reply();
    return { reply: r, ms: performance.now() - started };
  }

  async close(): Promise<void> {
    try {
      await this.command('QUIT');
    } finally {
      this.socket.destroy();
    }
  }
}

/** CRLF line ends and dot-stuffing, as SMTP DATA carries a message. */
export function smtpData(raw: Buffer | string): Buffer {
  const text = (typeof raw === 'string' ? raw : raw.toString('latin1')).replace(/\r?\n/g, '\r\n').replace(/\r\n$/, '');
  return Buffer.from(text.replace(/^\./gm, '..'), 'latin1');
}
