import type { ApiPaths } from './client';

type BodyMethod = 'post' | 'put' | 'patch';

/** The multipart/form-data body of an operation, as the generated schema types it. */
export type MultipartBody<P extends keyof ApiPaths, M extends BodyMethod> = ApiPaths[P] extends {
  [K in M]: { requestBody?: { content: { 'multipart/form-data': infer B } } };
}
  ? B
  : never;

/** What a caller gives: the schema types a file part (binary) as a string, so every text part also takes a File. */
export type MultipartParts<B> = { [K in keyof B]: B[K] extends string | null | undefined ? B[K] | File : B[K] };

/**
 * The one multipart serializer. Files go as files (with their names); objects and lists as JSON text (the parts
 * the schema declares `contentType: application/json`, such as the lead edit's `data`); numbers and booleans as
 * text. A part that is null or undefined is left out.
 */
export function toFormData(parts: object): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries(parts)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) form.append(name, value, value instanceof File ? value.name : name);
    else if (typeof value === 'object') form.append(name, JSON.stringify(value));
    else form.append(name, String(value));
  }
  return form;
}

/**
 * The `body` and `bodySerializer` of an openapi-fetch call that sends `parts` as multipart/form-data:
 * `api.PUT(path, { params, ...multipart<MultipartBody<path, 'put'>>(parts) })`.
 */
export function multipart<B extends object>(parts: MultipartParts<B>): { body: B; bodySerializer: () => FormData } {
  return { body: parts as B, bodySerializer: () => toFormData(parts) };
}
