/** One OpenStreetMap element as both readers (PBF and XML) hand it over. */
export type OsmTags = Record<string, string>;

export interface OsmNode {
  type: 'node';
  id: number;
  lat: number;
  lon: number;
  tags: OsmTags;
}
export interface OsmWay {
  type: 'way';
  id: number;
  refs: number[];
  tags: OsmTags;
}
export interface OsmMember {
  type: 'node' | 'way' | 'relation';
  id: number;
}
export interface OsmRelation {
  type: 'relation';
  id: number;
  members: OsmMember[];
  tags: OsmTags;
}
export type OsmElement = OsmNode | OsmWay | OsmRelation;

/** A file that is not an OSM extract, or is cut short: the loader's message to the deployer. */
export class ExtractFileError extends Error {}

/** Called as a reader gets through the file, so a progress bar can follow the bytes. */
export type OnBytesRead = (bytesRead: number) => void;
