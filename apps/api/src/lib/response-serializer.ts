import fastJson from 'fast-json-stringify';
import type { FastifySerializerCompiler } from 'fastify/types/schema.js';
import { serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { type ZodType, z } from 'zod';

type JsonSchema = { [key: string]: unknown };

/**
 * `anyOf: [{ type: 'string' }, { type: 'null' }]` (how zod writes `.nullable()`) as
 * `type: ['string', 'null']`: the serializer writes the second form directly, while for `anyOf`
 * it has to test the value against each branch first.
 */
function simplify(node: unknown): unknown {
  if (Array.isArray(node)) return node.map(simplify);
  if (node === null || typeof node !== 'object') return node;
  const out: JsonSchema = {};
  for (const [key, value] of Object.entries(node)) out[key] = simplify(value);
  const anyOf = out.anyOf as JsonSchema[] | undefined;
  if (Array.isArray(anyOf) && anyOf.length === 2 && Object.keys(out).length === 1) {
    const nullAt = anyOf.findIndex((s) => s.type === 'null' && Object.keys(s).length === 1);
    const other = anyOf[1 - nullAt];
    if (nullAt !== -1 && other && ['string', 'number', 'integer', 'boolean'].includes(other.type as string)) {
      return { ...other, type: [other.type, 'null'] };
    }
  }
  return out;
}

/**
 * A compiled serializer depends on its schema alone, and the routes' schemas are the modules'
 * own: an app built again in the same process (a test file's, a journey's clocked server, the
 * CLI's) takes the serializers already compiled instead of compiling every route's again.
 */
const compiledSerializers = new WeakMap<ZodType, (data: unknown) => string>();

/**
 * Answers are written by a serializer compiled once per route from the route's response schema
 * (ADR 0027), instead of checking every answer against the zod schema and then calling
 * JSON.stringify. The shape on the wire is the same: only the schema's properties are written
 * (anything else an object carries is left out, as zod's parse left it out), a missing required
 * property still fails the answer, and the OpenAPI document still comes from the same zod
 * schemas. A schema that JSON Schema cannot express (a transform, a custom check) keeps the zod
 * serializer.
 */
export const responseSerializerCompiler: FastifySerializerCompiler<ZodType> = (route) => {
  const compiled = compiledSerializers.get(route.schema);
  if (compiled) return compiled;
  let jsonSchema: JsonSchema;
  try {
    jsonSchema = z.toJSONSchema(route.schema, { io: 'output', target: 'draft-7', unrepresentable: 'throw' }) as JsonSchema;
  } catch {
    return zodSerializerCompiler(route);
  }
  const serialize = fastJson(simplify(jsonSchema) as Parameters<typeof fastJson>[0]);
  compiledSerializers.set(route.schema, serialize);
  return serialize;
};
