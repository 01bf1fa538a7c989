import { createReadStream } from 'node:fs';
import { SaxesParser } from 'saxes';
import {
  ExtractFileError,
  type OnBytesRead,
  type OsmElement,
  type OsmMember,
} from './osm-element.ts';

const BATCH = 8000;
const MEMBER_TYPES = new Set(['node', 'way', 'relation']);

/**
 * The elements of an .osm XML file, in batches, through saxes (a strict streaming
 * parser: malformed XML is an error, never a partial guess). Only the OSM vocabulary
 * is read: node/way/relation with their tag, nd and member children.
 */
export async function* readOsmXml(
  file: string,
  onBytes?: OnBytesRead,
): AsyncGenerator<OsmElement[]> {
  const parser = new SaxesParser({ position: false });
  let batch: OsmElement[] = [];
  let current: OsmElement | null = null;
  let sawRoot = false;
  /** set by saxes' callbacks, checked after each chunk */
  const failure: { error: ExtractFileError | null } = { error: null };
  parser.on('error', (e) => {
    failure.error ??= new ExtractFileError(`the XML is not well-formed (${e.message})`);
  });
  parser.on('opentag', (tag) => {
    const a = tag.attributes as Record<string, string>;
    if (!sawRoot) {
      sawRoot = true;
      if (tag.name !== 'osm') {
        failure.error ??= new ExtractFileError(
          `the XML is not OpenStreetMap data (root <${tag.name}>)`,
        );
      }
      return;
    }
    switch (tag.name) {
      case 'node':
        current = {
          type: 'node',
          id: Number(a.id),
          lat: Number(a.lat),
          lon: Number(a.lon),
          tags: {},
        };
        break;
      case 'way':
        current = { type: 'way', id: Number(a.id), refs: [], tags: {} };
        break;
      case 'relation':
        current = { type: 'relation', id: Number(a.id), members: [], tags: {} };
        break;
      case 'tag':
        if (current && a.k !== undefined && a.v !== undefined) current.tags[a.k] = a.v;
        break;
      case 'nd':
        if (current?.type === 'way') current.refs.push(Number(a.ref));
        break;
      case 'member':
        if (current?.type === 'relation' && MEMBER_TYPES.has(a.type ?? '')) {
          current.members.push({ type: a.type as OsmMember['type'], id: Number(a.ref) });
        }
        break;
    }
  });
  parser.on('closetag', (tag) => {
    if (current && tag.name === current.type) {
      if (Number.isSafeInteger(current.id)) batch.push(current);
      current = null;
    }
  });

  let read = 0;
  for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 1 << 20 })) {
    read += Buffer.byteLength(chunk as string);
    onBytes?.(read);
    parser.write(chunk as string);
    if (failure.error) throw failure.error;
    if (batch.length >= BATCH) {
      yield batch;
      batch = [];
    }
  }
  parser.close();
  if (failure.error) throw failure.error;
  if (!sawRoot) throw new ExtractFileError('the XML file is empty');
  if (batch.length) yield batch;
}
