// heic-decode ships no types: what its `all` entry gives (the container parsed, no pixel decoded yet).
declare module 'heic-decode' {
  interface DecodedHeicImage {
    width: number;
    height: number;
    /** RGBA, 4 bytes a pixel. */
    data: Uint8ClampedArray;
  }
  interface HeicImage {
    width: number;
    height: number;
    decode(): Promise<DecodedHeicImage>;
  }
  interface HeicImages extends Array<HeicImage> {
    /** Frees the decoder's WebAssembly memory. */
    dispose(): void;
  }
  function decode(options: { buffer: Uint8Array }): Promise<DecodedHeicImage>;
  namespace decode {
    function all(options: { buffer: Uint8Array }): Promise<HeicImages>;
  }
  export = decode;
}
