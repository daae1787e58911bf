// Variants of a valid value for equivalence tests (a lean parser against zod): each field, at
// any depth, dropped, swapped for each value of a pool, or joined by an unknown key; each
// array emptied or with one element varied.
export function* valueVariants(value: unknown, pool: readonly unknown[]): Generator<unknown> {
  if (Array.isArray(value)) {
    yield [];
    for (const [index, item] of value.entries()) for (const variant of valueVariants(item, pool)) yield value.map((old, i) => (i === index ? variant : old));
    return;
  }
  if (value === null || typeof value !== "object") return;
  const record = value as Record<string, unknown>;
  yield { ...record, stranger: 1 };
  for (const key of Object.keys(record)) {
    const { [key]: _dropped, ...rest } = record;
    yield rest;
    for (const replacement of pool) yield { ...record, [key]: replacement };
    for (const variant of valueVariants(record[key], pool)) yield { ...record, [key]: variant };
  }
}
