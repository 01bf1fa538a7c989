/** osm-pbf-parser ships no types; these are the three stages pbf-reader.ts pipes. */
declare module 'osm-pbf-parser' {
  import type { Transform } from 'node:stream';

  interface OsmPbfParser {
    (): Transform;
    BlobParser: new () => Transform;
    BlobDecompressor: new () => Transform;
    PrimitivesParser: new () => Transform;
  }
  const parser: OsmPbfParser;
  export default parser;
}
