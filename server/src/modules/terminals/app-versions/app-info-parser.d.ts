/** app-info-parser ships no types: the part we use (Node: a file path in, the parsed manifest out). */
declare module 'app-info-parser' {
  export default class AppInfoParser {
    constructor(file: string);
    parse(): Promise<Record<string, unknown>>;
  }
}

/** s3rver ships no types: the part the tests use. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: Record<string, unknown>);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
