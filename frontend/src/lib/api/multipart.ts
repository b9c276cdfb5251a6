import type { ApiPaths } from './client';

type BodyMethod = 'post' | 'put' | 'patch';

/** The multipart/form-data body of an operation, as the generated schema types it. */
export type MultipartBody<P extends keyof ApiPaths, M extends BodyMethod> = ApiPaths[P] extends {
  [K in M]: { requestBody?: { content: { 'multipart/form-data': infer B } } };
}
  ? B
  : never;

/** What a caller gives: the schema types a file part (binary) as a string, so every text part also takes a File, and
 *  a list of such parts (several files under one name) a list of Files. */
export type MultipartParts<B> = {
  [K in keyof B]: B[K] extends string | null | undefined
    ? B[K] | File
    : B[K] extends string[] | null | undefined
      ? B[K] | File[]
      : B[K];
};

/**
 * The one multipart serializer. Files go as files (with their names), a list of files as one part per file under
 * the same name (the activity's `recording`); objects and other lists as JSON text (the parts the schema declares
 * `contentType: application/json`, such as the lead edit's `data`, an empty list included); numbers and booleans as
 * text. A part that is null or undefined is left out (a caller with no file for a list part leaves it undefined).
 */
export function toFormData(parts: object): FormData {
  const form = new FormData();
  const appendFile = (name: string, file: Blob) => form.append(name, file, file instanceof File ? file.name : name);
  for (const [name, value] of Object.entries(parts)) {
    if (value === undefined || value === null) continue;
    if (value instanceof Blob) appendFile(name, value);
    else if (Array.isArray(value) && value.length > 0 && value.every((v) => v instanceof Blob))
      value.forEach((file: Blob) => appendFile(name, file));
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
