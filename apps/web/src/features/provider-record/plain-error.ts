/**
 * The type and message of an error on a field whose input type zod leaves open (a coerced
 * number, a preprocessed date), which react-hook-form types as an error of nested fields.
 */
export function plainError(error: { type?: unknown; message?: unknown } | undefined) {
  return error && typeof error.message === 'string' ? { type: String(error.type), message: error.message } : undefined;
}
