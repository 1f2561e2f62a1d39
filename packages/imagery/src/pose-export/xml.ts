/** Reading export XML with fast-xml-parser into plain nodes, and numbers out of them with the element named on failure. */
import { XMLParser, XMLValidator } from 'fast-xml-parser';
import { PoseExportError } from './types.js';

export type XmlNode = Record<string, unknown>;

// Elements that may repeat: the parser then gives arrays for them, whether one or many.
const REPEATED = new Set(['chunk', 'sensor', 'camera', 'group', 'calibration', 'SRS', 'Block', 'Photogroup', 'Photo']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  // Numbers stay text so that a bad one is reported with its element, not silently turned into a string or NaN.
  parseTagValue: false,
  parseAttributeValue: false,
  trimValues: true,
  isArray: (name) => REPEATED.has(name),
});

export function parseXml(text: string): XmlNode {
  const valid = XMLValidator.validate(text);
  if (valid !== true) {
    throw new PoseExportError('notXml', undefined, `line ${valid.err.line}: ${valid.err.msg}`);
  }
  return parser.parse(text) as XmlNode;
}

export const isNode = (value: unknown): value is XmlNode =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

export const child = (node: XmlNode | undefined, name: string): XmlNode | undefined => {
  const value = node?.[name];
  return isNode(value) ? value : undefined;
};

export const children = (node: XmlNode | undefined, name: string): XmlNode[] => {
  const value = node?.[name];
  return (Array.isArray(value) ? value : value === undefined ? [] : [value]).filter(isNode);
};

/** Text of an element (`<f>8397.08</f>`) or of an element that also has attributes (`<rotation locked="">...`). */
export function textOf(value: unknown): string | undefined {
  if (typeof value === 'string') return value;
  if (isNode(value) && typeof value['#text'] === 'string') return value['#text'];
  return undefined;
}

export function optionalNumber(value: unknown, attribute: string): number | undefined {
  const raw = textOf(value);
  if (raw === undefined || raw === '') return undefined;
  const n = Number(raw);
  if (!Number.isFinite(n)) throw new PoseExportError('badValue', attribute, `"${raw}" is not a number`);
  return n;
}

export function requiredNumber(value: unknown, attribute: string): number {
  const n = optionalNumber(value, attribute);
  if (n === undefined) throw new PoseExportError('missingElement', attribute);
  return n;
}

/** Whitespace-separated numbers, exactly `count` of them, or undefined when the element is absent. */
export function numberList(value: unknown, count: number, attribute: string): number[] | undefined {
  const raw = textOf(value);
  if (raw === undefined) return undefined;
  const numbers = raw.trim().split(/\s+/).map(Number);
  if (numbers.length !== count || !numbers.every(Number.isFinite)) {
    throw new PoseExportError('badValue', attribute, `expected ${count} numbers`);
  }
  return numbers;
}

/** The last segment of a Windows or POSIX path: exports written on Windows name photos with backslashes. */
export const baseName = (path: string): string => path.split(/[\\/]/).pop() ?? path;
