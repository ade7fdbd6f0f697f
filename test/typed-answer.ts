import type { paths } from '#shared/api/openapi-types';

/*
 * The answer types of `TestClient.request()` (ADR 0115): a concrete path such as `/api/tasks/${id}/runs?limit=5` is
 * matched segment by segment against the OpenAPI document's templates, and its answer is typed by that operation,
 * one member per declared status, so `expectStatus(answer, 201)` narrows the body to what 201 carries.
 */

const methods = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE', 'HEAD', 'OPTIONS'] as const;

export type Method = (typeof methods)[number];

/** `name` as a request method (an OpenAPI document's `get` reads `GET`); fails the test on anything else. */
export function methodOf(name: string): Method {
  const method = methods.find((known) => known === name.toUpperCase());
  if (!method) throw new Error(`${name} is not an HTTP method.`);
  return method;
}

type Split<Path extends string> = Path extends `${infer Head}/${infer Tail}` ? [Head, ...Split<Tail>] : [Path];
type WithoutQuery<Path extends string> = Path extends `${infer Bare}?${string}` ? Bare : Path;

type SegmentsMatch<Concrete extends string[], Template extends string[]> = Concrete extends [
  infer C extends string,
  ...infer CRest extends string[],
]
  ? Template extends [infer T extends string, ...infer TRest extends string[]]
    ? T extends `{${string}}`
      ? SegmentsMatch<CRest, TRest>
      : C extends T
        ? SegmentsMatch<CRest, TRest>
        : false
    : false
  : Template extends []
    ? true
    : false;

type Matches<Path extends string> = {
  [Template in keyof paths & string]: SegmentsMatch<Split<WithoutQuery<Path>>, Split<Template>> extends true ? Template : never;
}[keyof paths & string];

/** The document's template for `Path`: a literal segment wins over a `{parameter}` one (`/api/tasks/test-delivery`). */
export type TemplateOf<Path extends string> = WithoutQuery<Path> extends keyof paths ? WithoutQuery<Path> : Matches<Path>;

type BodyOf<Response> = Response extends { content: { 'application/json': infer Json } }
  ? Json
  : Response extends { content: Record<string, infer Other> }
    ? Other
    : null;

type AnswersOf<Operation> = Operation extends { responses: infer Responses }
  ? { [Status in keyof Responses]: { status: Status; headers: Headers; body: BodyOf<Responses[Status]> } }[keyof Responses]
  : UndocumentedAnswer;

export interface UndocumentedAnswer {
  status: number;
  headers: Headers;
  body: unknown;
}

export type Answer<Path extends string, M extends Method> = [TemplateOf<Path>] extends [never]
  ? UndocumentedAnswer
  : TemplateOf<Path> extends infer Template extends keyof paths
    ? OperationAnswer<NonNullable<paths[Template][Lowercase<M>]>>
    : UndocumentedAnswer;

type OperationAnswer<Operation> = [Operation] extends [never] ? UndocumentedAnswer : AnswersOf<Operation>;

/** The body of a 2xx answer; `unknown` for a path the document does not describe. */
export type SuccessBody<A extends UndocumentedAnswer> = [Extract<A, { status: 200 | 201 | 202 | 204 }>] extends [never]
  ? unknown
  : Extract<A, { status: 200 | 201 | 202 | 204 }>['body'];

/** `A` narrowed to its `status` member; an undocumented answer stays as it is. */
export type AnswerWith<A extends { status: number }, S> = [Extract<A, { status: S }>] extends [never] ? A : Extract<A, { status: S }>;
