import { ImportFileError } from './parsed-file.ts';

/** JSON.parse with a message that says where: V8 gives an offset, people want a line. */
export function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch (error) {
    const message = error instanceof Error ? error.message : String(error);
    const offset = /at position (\d+)/.exec(message);
    const where = offset ? lineAndColumn(text, Number(offset[1])) : endOrUnknown(message, text);
    const reason = message.split(/ in JSON| is not valid JSON|, (?:\.\.\.)?"/)[0]!.slice(0, 120);
    throw new ImportFileError(`This file isn't valid JSON: ${reason} ${where}.`);
  }
}

function lineAndColumn(text: string, offset: number): string {
  const before = text.slice(0, offset);
  const line = before.split('\n').length;
  const column = offset - before.lastIndexOf('\n');
  return `at line ${line}, column ${column}`;
}

/**
 * Node 20's V8 names no offset for "Unexpected token 'x', …context… is not valid JSON",
 * but quotes the text around the token (ten characters each side, ... where cut):
 * found in the file, that quote gives the position back.
 */
function endOrUnknown(message: string, text: string): string {
  if (/end of JSON input/.test(message)) return `at the end (line ${text.split('\n').length})`;
  const quoted =
    /^Unexpected token '(.+?)', (\.\.\.)?"([\s\S]*)"(?:\.\.\.)? is not valid JSON$/.exec(message);
  if (!quoted) return 'somewhere in the file';
  const [, token = '', cutBefore, snippet = ''] = quoted;
  const at = text.indexOf(snippet);
  if (at < 0) return 'somewhere in the file';
  return lineAndColumn(text, at + (cutBefore ? 10 : Math.max(0, snippet.indexOf(token))));
}
