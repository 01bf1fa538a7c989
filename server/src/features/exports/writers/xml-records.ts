import { DOMImplementation, XMLSerializer, type Document, type Element } from '@xmldom/xmldom';

/**
 * Characters XML 1.0 cannot carry at all, not even as a character reference (C0 controls
 * other than tab, LF and CR; U+FFFE/U+FFFF; lone surrogates). The input rule refuses only
 * NUL and lone surrogates, so a review may hold one of the others: it is dropped.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is the point
const NOT_XML = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\uFFFE\uFFFF]|\p{Cs}/gu;
export const xmlText = (value: string) => value.replace(NOT_XML, '');

/**
 * Builds one record (a KML Placemark, a GPX wpt) at a time as a small DOM with xmldom and
 * serializes it, so escaping is the library's and memory stays flat however many spots
 * there are. Elements are written without a namespace of their own: the document's root
 * (written once, see each writer's header) declares the default namespace and `sb:`.
 */
export class XmlRecords {
  private readonly doc: Document = new DOMImplementation().createDocument(null, '', null);
  private readonly serializer = new XMLSerializer();

  element(
    name: string,
    attributes: Record<string, string> = {},
    children: (Element | string | null)[] = [],
  ): Element {
    const element = this.doc.createElement(name);
    for (const [key, value] of Object.entries(attributes))
      element.setAttribute(key, xmlText(value));
    for (const child of children) {
      if (child === null) continue;
      element.appendChild(
        typeof child === 'string' ? this.doc.createTextNode(xmlText(child)) : child,
      );
    }
    return element;
  }

  /** `<name>text</name>`, or nothing for empty text (every element we write is optional). */
  textElement(name: string, value: string): Element | null {
    return value === '' ? null : this.element(name, {}, [value]);
  }

  serialize(element: Element): string {
    return this.serializer.serializeToString(element);
  }
}

/**
 * A coordinate as xsd:decimal wants it: never in exponent form (String(1e-7) is "1e-7"),
 * at most 7 decimals (about a centimetre).
 */
export function decimal(value: number): string {
  if (Number.isInteger(value)) return String(value);
  const fixed = value.toFixed(7).replace(/0+$/, '').replace(/\.$/, '');
  return fixed === '-0' ? '0' : fixed;
}
