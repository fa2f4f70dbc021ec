/** app-info-parser ships no types: the part we use (Node: a file path in, the parsed manifest out). */
declare module 'app-info-parser' {
  export default class AppInfoParser {
    constructor(file: string);
    parse(): Promise<Record<string, unknown>>;
  }
}
