/**
 * Requests to a `sprague serve` as a hostile client writes them, for the request gate's tests (gate.test.ts
 * in process, live.test.ts against its own process): fetch() would normalise the path and the Host header,
 * which are what the gate judges.
 */
import { connect } from 'node:net';
import { request } from 'node:http';

export interface Answer {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  /** The body parsed as JSON, or its text (a page, a script, or nothing). */
  data: any;
}

/** A request to 127.0.0.1:port sent as written: path, Host (the server's own unless given) and the other headers are not normalised. */
export function sendAsWritten(port: number, method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, headers: { host: `127.0.0.1:${port}`, ...headers } }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (d) => (text += d));
      res.on('end', () => {
        let data: unknown = text;
        try {
          data = JSON.parse(text);
        } catch {
          // not JSON: a page, a script, or nothing
        }
        resolve({ status: res.statusCode ?? 0, headers: res.headers, data });
      });
    });
    req.on('error', reject);
    req.end(body);
  });
}

/** Bytes written straight to a socket on 127.0.0.1:port (no HTTP client would send them); the status line of the answer. */
export function statusLineOf(port: number, bytes: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.write(bytes));
    let text = '';
    socket.setEncoding('latin1');
    socket.on('data', (d) => (text += d));
    socket.on('end', () => resolve(text.split('\r\n')[0]!));
    socket.on('close', () => resolve(text.split('\r\n')[0]!));
    socket.on('error', reject);
  });
}

/**
 * get() polled until ok() holds (an event, never a fixed wait: jobs start and stop at the machine's pace);
 * past `ms` an error saying what was awaited and the last value.
 */
export async function until<T>(what: string, get: () => Promise<T>, ok: (v: T) => boolean, ms = 120_000, everyMs = 100): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await get();
    if (ok(v)) return v;
    if (Date.now() > end) throw new Error(`${what}: still ${JSON.stringify(v)}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}
