/**
 * app-info-parser ships no types: the parts we use. Its archive reader inflates whole entries, so only
 * its readers of bytes are used, on entries our bounded reader inflated (bounded-zip.ts).
 */
declare module 'app-info-parser/src/xml-parser/manifest.js' {
  export default class ManifestXmlParser {
    constructor(bytes: Buffer, options?: { ignore?: string[] });
    parse(): Record<string, unknown>;
  }
}
declare module 'app-info-parser/src/resource-finder.js' {
  export default class ResourceFinder {
    processResourceTable(bytes: Buffer): Record<string, unknown>;
  }
}
declare module 'app-info-parser/src/utils.js' {
  export function mapInfoResource<T>(info: T, resources: Record<string, unknown>): T;
}

/** s3rver ships no types: the part the tests use. */
declare module 's3rver' {
  export default class S3rver {
    constructor(options: Record<string, unknown>);
    run(): Promise<{ address: string; port: number }>;
    close(): Promise<void>;
  }
}
