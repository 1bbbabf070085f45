import { Writable } from 'node:stream';

/** The logger's output as written (`logDestination` of a test app): every chunk of JSON lines, in order. */
export class LogCapture extends Writable {
  readonly text: string[] = [];

  override _write(chunk: Buffer, _encoding: string, done: () => void): void {
    this.text.push(chunk.toString());
    done();
  }
}
