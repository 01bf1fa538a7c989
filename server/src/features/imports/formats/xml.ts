import { DOMParser, type Document, type Node } from '@xmldom/xmldom';
import { ImportFileError } from './parsed-file.ts';

/**
 * A DOCTYPE is how an XML bomb (entities expanding into entities) and an external entity
 * (a file or URL read into the document) get in. KML and GPX never need one, so any
 * declaration is refused before the parser sees the text.
 */
const DECLARATION = /<!(DOCTYPE|ENTITY|ELEMENT|ATTLIST)\b/i;

function lineOf(text: string, offset: number): number {
  return text.slice(0, offset).split('\n').length;
}

/** Parses KML or GPX text; every parser complaint becomes a 400 with its line and column. */
export function parseXml(text: string, kind: string): Document {
  const declaration = DECLARATION.exec(text);
  if (declaration) {
    throw new ImportFileError(
      `This ${kind} file has a <!${declaration[1]!.toUpperCase()}> declaration (line ${lineOf(text, declaration.index)}): files with DTDs or entity declarations are refused, as they can hide an XML bomb or read other files.`,
    );
  }
  let firstError: string | null = null;
  const parser = new DOMParser({
    onError: (level, message) => {
      // Warnings are harmless; errors are collected (fatal ones also throw, below).
      if (level !== 'warning') firstError ??= message;
    },
  });
  try {
    const doc = parser.parseFromString(text, 'text/xml');
    if (firstError) throw new Error(firstError);
    checkDepth(doc, kind);
    return doc;
  } catch (error) {
    if (error instanceof ImportFileError) throw error;
    throw new ImportFileError(`This ${kind} file isn't well-formed XML: ${describe(error)}.`);
  }
}

/** KML folders in folders, GPX extensions: real files stay far below this. */
const MAX_DEPTH = 100;

/**
 * togeojson walks folders recursively: a file nesting thousands of elements would blow
 * the call stack there. Measured here without recursion, and refused with its line.
 */
function checkDepth(doc: Document, kind: string): void {
  let node: Node | null = doc.documentElement;
  let depth = 1;
  while (node) {
    if (depth > MAX_DEPTH) {
      const line = (node as Node & { lineNumber?: number }).lineNumber;
      throw new ImportFileError(
        `This ${kind} file nests elements more than ${MAX_DEPTH} levels deep${line ? ` (line ${line})` : ''}: it was not read.`,
      );
    }
    if (node.firstChild) {
      node = node.firstChild;
      depth++;
      continue;
    }
    while (node && !node.nextSibling) {
      node = node.parentNode;
      depth--;
    }
    node = node?.nextSibling ?? null;
  }
}

function describe(error: unknown): string {
  const message = (error instanceof Error ? error.message : String(error))
    .replace(/\s*@#\[line.*$/s, '')
    .split('\n')[0]!
    .slice(0, 160);
  const locator = (error as { locator?: { lineNumber?: number; columnNumber?: number } }).locator;
  if (locator?.lineNumber && locator.columnNumber) {
    return `${message} at line ${locator.lineNumber}, column ${locator.columnNumber}`;
  }
  if (locator?.lineNumber) return `${message} at line ${locator.lineNumber}`;
  return message;
}

/** The root element's local name (`kml`, `gpx`), read without a parser to route the text. */
export function xmlRootName(text: string): string | null {
  const body = text.replace(/<\?[\s\S]*?\?>|<!--[\s\S]*?-->/g, '');
  const root = /<\s*(?:[\w.-]+:)?([\w.-]+)/.exec(body);
  return root ? root[1]!.toLowerCase() : null;
}
