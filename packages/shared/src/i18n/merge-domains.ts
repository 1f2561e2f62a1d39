/** A catalogue's shape with any text in place of the reference's: what every other language must match. */
export type Widen<T> = { -readonly [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

type Merged<T extends readonly object[]> = T extends readonly [infer First, ...infer Rest extends readonly object[]]
  ? First & Merged<Rest>
  : unknown;

type Tree = { [key: string]: string | Tree };

function mergeInto(target: Tree, source: Tree, prefix: string): Tree {
  for (const [key, value] of Object.entries(source)) {
    const existing = target[key];
    if (existing === undefined)
      target[key] = typeof value === 'string' ? value : mergeInto({}, value, `${prefix}${key}.`);
    else if (typeof existing !== 'string' && typeof value !== 'string') mergeInto(existing, value, `${prefix}${key}.`);
    // Each text belongs to one domain; a second definition would silently win over the first.
    else throw new Error(`Two domains define the text ${prefix}${key}`);
  }
  return target;
}

/** One language's catalogue from its domains' parts, which share sections (`teamUi`, `projectUi`) but no text. */
export function mergeDomains<T extends readonly object[]>(...domains: T): Merged<T> {
  const merged: Tree = {};
  for (const domain of domains) mergeInto(merged, domain as Tree, '');
  return merged as Merged<T>;
}
