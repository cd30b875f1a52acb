/**
 * Inputs generated from the OpenAPI document's JSON schemas: values the schema accepts, and the
 * ways clients get them wrong (wrong types, missing and extra fields, huge and negative numbers,
 * NUL and other control characters, unicode, injection strings).
 */
import fc from 'fast-check';

export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  minItems?: number;
  maxItems?: number;
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  exclusiveMinimum?: boolean | number;
  exclusiveMaximum?: boolean | number;
  pattern?: string;
  format?: string;
  nullable?: boolean;
  default?: unknown;
}

/** Strings that have broken servers before: control characters, unicode, injections. */
export const NASTY_STRINGS = [
  '',
  ' ',
  '\u0000',
  'a\u0000b',
  '\u0001\u0002\u001b[31m\u007f',
  '\r\n\r\nX-Injected: 1',
  '\t\v\f',
  '\uFEFF\u200B\u200E\u202E',
  '\uD800',
  '\uDFFF\uD800',
  '😀👨‍👩‍👧‍👦',
  'Ω≈ç√∫˜µ≤≥÷ ضصثق 日本語 ᚠᛇᚻ',
  'e\u0301\u0301\u0301\u0301',
  "' OR '1'='1' --",
  "'; drop table users; --",
  '" OR ""="',
  '1; select pg_sleep(10)',
  '<script>alert(1)</script>',
  '{{7*7}}${7*7}<%= 7*7 %>',
  '../../../../etc/passwd',
  '%00%2e%2e%2f%ff',
  '__proto__',
  'constructor',
  '$where',
  'null',
  'undefined',
  'NaN',
  '-0',
  '1e309',
  '9007199254740993',
  '0x7fffffff',
  '2147483648',
  '-2147483649',
  '+254700000000',
  '0000-00-00T25:61:61Z',
  '99999-12-31',
  'x'.repeat(300),
  'x'.repeat(5_000),
];

export const NASTY_NUMBERS = [
  0,
  -0,
  -1,
  1,
  0.5,
  -0.000001,
  2_147_483_647,
  2_147_483_648,
  -2_147_483_649,
  4_294_967_296,
  Number.MAX_SAFE_INTEGER,
  Number.MAX_SAFE_INTEGER + 2,
  -Number.MAX_SAFE_INTEGER,
  1e21,
  1e300,
  -1e300,
  Number.MAX_VALUE,
  Number.MIN_VALUE,
];

const nastyString = fc.constantFrom(...NASTY_STRINGS);
const nastyNumber = fc.constantFrom(...NASTY_NUMBERS);

/** A value of any JSON type: what a wrong-type mutation puts in a field's place. */
const wrongTyped: fc.Arbitrary<unknown> = fc.oneof(
  nastyString,
  nastyNumber,
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
  fc.array(nastyNumber, { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 6 }), nastyString, { maxKeys: 3 }),
);

function typeOf(schema: JsonSchema): string | undefined {
  return Array.isArray(schema.type) ? schema.type[0] : schema.type;
}

function dateString(kind: 'date' | 'date-time'): fc.Arbitrary<string> {
  return fc
    .date({ min: new Date('1990-01-01'), max: new Date('2040-01-01'), noInvalidDate: true })
    .map((d) => (kind === 'date' ? d.toISOString().slice(0, 10) : d.toISOString()));
}

function stringFor(schema: JsonSchema): fc.Arbitrary<string> {
  if (schema.format === 'email') return fc.emailAddress();
  if (schema.format === 'date' || schema.format === 'date-time') return dateString(schema.format);
  const minLength = schema.minLength ?? 0;
  const maxLength = Math.min(schema.maxLength ?? 40, minLength + 40);
  if (schema.pattern) {
    try {
      return fc
        .stringMatching(new RegExp(schema.pattern))
        .filter((s) => s.length >= minLength && s.length <= (schema.maxLength ?? Infinity));
    } catch {
      // a pattern JavaScript cannot compile: plain strings
    }
  }
  return fc.string({ minLength, maxLength, unit: 'grapheme-ascii' });
}

function numberFor(schema: JsonSchema, integer: boolean): fc.Arbitrary<number> {
  const exclusiveMin = schema.exclusiveMinimum;
  const exclusiveMax = schema.exclusiveMaximum;
  let min =
    typeof exclusiveMin === 'number' ? exclusiveMin : (schema.minimum ?? (integer ? -1000 : -1e6));
  let max =
    typeof exclusiveMax === 'number' ? exclusiveMax : (schema.maximum ?? (integer ? 100_000 : 1e6));
  const minExclusive = exclusiveMin === true || typeof exclusiveMin === 'number';
  const maxExclusive = exclusiveMax === true || typeof exclusiveMax === 'number';
  if (integer) {
    min = Math.ceil(min) + (minExclusive && Number.isInteger(min) ? 1 : 0);
    max = Math.floor(max) - (maxExclusive && Number.isInteger(max) ? 1 : 0);
    // Mostly small values (ids, amounts that exist), sometimes anywhere in the range.
    const small = fc.integer({ min, max: Math.max(min, Math.min(max, min + 200)) });
    return fc.oneof(small, fc.integer({ min, max: Math.max(min, max) }));
  }
  return fc.double({
    min,
    max,
    minExcluded: minExclusive,
    maxExcluded: maxExclusive,
    noNaN: true,
    noDefaultInfinity: true,
  });
}

/** Values the schema accepts (as far as JSON schema says; business rules may still refuse). */
export function validValue(schema: JsonSchema | undefined, depth = 0): fc.Arbitrary<unknown> {
  if (!schema || depth > 6) return fc.constant(null);
  if (schema.const !== undefined) return fc.constant(schema.const);
  if (schema.enum) return fc.constantFrom(...schema.enum);
  const options = schema.anyOf ?? schema.oneOf;
  if (options?.length) return fc.oneof(...options.map((s) => validValue(s, depth + 1)));
  if (schema.allOf?.length) return validValue(Object.assign({}, ...schema.allOf), depth + 1);
  let arbitrary: fc.Arbitrary<unknown>;
  switch (typeOf(schema)) {
    case 'string':
      arbitrary = stringFor(schema);
      break;
    case 'integer':
      arbitrary = numberFor(schema, true);
      break;
    case 'number':
      arbitrary = numberFor(schema, false);
      break;
    case 'boolean':
      arbitrary = fc.boolean();
      break;
    case 'null':
      arbitrary = fc.constant(null);
      break;
    case 'array': {
      const minLength = schema.minItems ?? 0;
      const maxLength = Math.min(schema.maxItems ?? 4, minLength + 3);
      arbitrary = fc.array(validValue(schema.items, depth + 1), { minLength, maxLength });
      break;
    }
    case 'object':
    case undefined: {
      if (!schema.properties) {
        arbitrary = typeOf(schema) === 'object' ? fc.constant({}) : fc.jsonValue({ maxDepth: 1 });
        break;
      }
      const model: Record<string, fc.Arbitrary<unknown>> = {};
      for (const [key, property] of Object.entries(schema.properties)) {
        model[key] = validValue(property, depth + 1);
      }
      arbitrary = fc.record(model, { requiredKeys: schema.required ?? [] });
      break;
    }
    default:
      arbitrary = fc.jsonValue({ maxDepth: 1 });
  }
  return schema.nullable ? fc.option(arbitrary, { nil: null, freq: 8 }) : arbitrary;
}

type Mutation =
  | { kind: 'wrong-type'; at: number; value: unknown }
  | { kind: 'drop-field'; at: number }
  | { kind: 'extra-field'; name: string; value: unknown }
  | { kind: 'nasty-string'; at: number; value: string }
  | { kind: 'nasty-number'; at: number; value: number }
  | { kind: 'whole-value'; value: unknown };

const mutation: fc.Arbitrary<Mutation> = fc.oneof(
  fc.record({ kind: fc.constant('wrong-type' as const), at: fc.nat(), value: wrongTyped }),
  fc.record({ kind: fc.constant('drop-field' as const), at: fc.nat() }),
  fc.record({
    kind: fc.constant('extra-field' as const),
    name: fc.oneof(fc.string({ maxLength: 12 }), nastyString),
    value: wrongTyped,
  }),
  fc.record({ kind: fc.constant('nasty-string' as const), at: fc.nat(), value: nastyString }),
  fc.record({ kind: fc.constant('nasty-number' as const), at: fc.nat(), value: nastyNumber }),
  fc.record({ kind: fc.constant('whole-value' as const), value: wrongTyped }),
);

/** Every place in a JSON value (objects' fields and arrays' items), with a setter and deleter. */
function places(
  value: unknown,
): { value: unknown; set: (v: unknown) => void; remove: () => void }[] {
  const found: { value: unknown; set: (v: unknown) => void; remove: () => void }[] = [];
  const walk = (node: unknown) => {
    if (Array.isArray(node)) {
      node.forEach((item, index) => {
        found.push({
          value: item,
          set: (v) => (node[index] = v),
          remove: () => node.splice(index, 1),
        });
        walk(item);
      });
    } else if (node && typeof node === 'object') {
      const record = node as Record<string, unknown>;
      for (const key of Object.keys(record)) {
        found.push({
          value: record[key],
          set: (v) => (record[key] = v),
          remove: () => delete record[key],
        });
        walk(record[key]);
      }
    }
  };
  walk(value);
  return found;
}

function mutate(original: unknown, m: Mutation): unknown {
  if (m.kind === 'whole-value') return m.value;
  const value = structuredClone(original);
  const all = places(value);
  if (m.kind === 'extra-field') {
    const objects = [value, ...all.map((p) => p.value)].filter(
      (v): v is Record<string, unknown> => !!v && typeof v === 'object' && !Array.isArray(v),
    );
    const target = objects[m.name.length % Math.max(1, objects.length)];
    if (!target) return { [m.name]: m.value };
    target[m.name] = m.value;
    return value;
  }
  const fitting =
    m.kind === 'nasty-string'
      ? all.filter((p) => typeof p.value === 'string')
      : m.kind === 'nasty-number'
        ? all.filter((p) => typeof p.value === 'number')
        : all;
  const place = fitting[m.at % Math.max(1, fitting.length)];
  if (!place) return m.kind === 'drop-field' ? {} : 'value' in m ? m.value : value;
  if (m.kind === 'drop-field') place.remove();
  else place.set(m.value);
  return value;
}

/** A value the schema accepts with one thing broken in it. */
export function invalidValue(schema: JsonSchema | undefined): fc.Arbitrary<unknown> {
  return fc.tuple(validValue(schema), mutation).map(([value, m]) => mutate(value, m));
}

/** A path or query parameter's text: usually one the schema accepts, sometimes a nasty one. */
export function parameterText(
  schema: JsonSchema | undefined,
  valid: boolean,
): fc.Arbitrary<string> {
  const good = validValue(schema).map((v) => (typeof v === 'string' ? v : JSON.stringify(v)));
  if (valid) return good;
  return fc.oneof(
    good,
    nastyString,
    nastyNumber.map(String),
    fc.string({ maxLength: 20, unit: 'binary' }),
  );
}
