import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { z } from 'zod';

const boolean = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const csv = z.string().transform((v) =>
  v
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean),
);

/** Environment variables Obra reads; each is documented in the README. */
const envSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(0).max(65535).default(3000),
  HOST: z.string().min(1).default('0.0.0.0'),
  DATA_DIR: z.string().min(1).default('./data'),
  DATABASE_URL: z.string().url().optional(),
  DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(10),
  /** Streaming replicas of DATABASE_URL's primary that read-only requests use (docs/operations.md "Read replicas"). */
  DATABASE_REPLICA_URLS: csv.optional(),
  /** A replica further behind the primary than this is skipped (its reads go to the primary). */
  DATABASE_REPLICA_MAX_LAG_MS: z.coerce.number().int().min(100).max(600_000).default(5_000),
  REDIS_URL: z.string().url().optional(),
  /** Prefix of the pub/sub channels, so that several deployments (or test runs) can share one Redis. */
  REDIS_CHANNEL_PREFIX: z.string().default(''),
  PUBLIC_URL: z.string().url().optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  SMTP_URL: z.string().url().optional(),
  MAIL_FROM: z.string().min(3).default('Obra <no-reply@obra.local>'),
  SUPPORT_EMAIL: z.string().email().optional(),
  /** What this process does: everything (default), only HTTP (`web`, stateless), or only jobs (`worker`). */
  ROLE: z.enum(['all', 'web', 'worker']).default('all'),
  JOBS: z.enum(['all', 'none']).optional(),
  /** How long a job may run before it counts as lost (its worker crashed) and is retried. */
  JOB_TIMEOUT_SECONDS: z.coerce.number().int().min(2).max(82_800).default(900),
  SEED_DEMO: boolean.default(true),
  /** Test servers only (refused outside NODE_ENV=test): routes that run scheduled jobs on demand (journeys). */
  TEST_JOB_ROUTES: boolean.default(false),
  /**
   * Which GraphQL operations browser sessions may run: `persisted` (only the web app's own, by id) or `any`.
   * Default: `persisted` in production, `any` otherwise. Access keys (scripts) may always send their own.
   */
  GRAPHQL_OPERATIONS: z.enum(['persisted', 'any']).optional(),
  TRUST_PROXY: boolean.default(false),
  /** Prometheus metrics at /metrics (docs/operations.md "Metrics"). */
  METRICS: boolean.default(true),
  /** A bearer token that lets a scraper from another host read /metrics; without it only loopback may. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** OTLP/HTTP collector (e.g. http://localhost:4318): traces are exported there; tracing is off without it. */
  OTEL_EXPORTER_OTLP_ENDPOINT: z.string().url().optional(),
  OTEL_SERVICE_NAME: z.string().min(1).default('obra'),
  /** The share of requests traced (0–1), by trace id. */
  OTEL_TRACES_SAMPLER_ARG: z.coerce.number().min(0).max(1).default(1),
  POLICIES_URL: z.string().url().optional(),
  EMBEDDING_HOSTS: csv.default([]),
  CORS_ORIGINS: csv.default([]),
  SHUTDOWN_TIMEOUT_MS: z.coerce.number().int().min(0).default(10_000),
  JWT_PRIVATE_KEY: z.string().min(1).optional(),
  JWT_PUBLIC_KEY: z.string().min(1).optional(),
  ACCESS_TOKEN_TTL_SECONDS: z.coerce.number().int().min(1).max(86_400).default(900),
  SESSION_CACHE_MS: z.coerce.number().int().min(0).max(10_000).default(2_000),
  REFRESH_TOKEN_TTL_DAYS: z.coerce.number().int().min(1).max(365).default(30),
  CODE_TTL_HOURS: z.coerce.number().min(0.01).max(168).default(24),
  CODE_MAX_ATTEMPTS: z.coerce.number().int().min(1).max(20).default(5),
  RATE_LIMIT_MULTIPLIER: z.coerce.number().min(0.01).max(10_000).default(1),
  COOKIE_SECURE: boolean.optional(),
  OIDC_GOOGLE_ISSUER: z.string().url().optional(),
  OIDC_GOOGLE_CLIENT_ID: z.string().min(1).optional(),
  OIDC_GOOGLE_CLIENT_SECRET: z.string().min(1).optional(),
  OIDC_MICROSOFT_ISSUER: z.string().url().optional(),
  OIDC_MICROSOFT_CLIENT_ID: z.string().min(1).optional(),
  OIDC_MICROSOFT_CLIENT_SECRET: z.string().min(1).optional(),
  FILES_SIGNING_SECRET: z.string().min(32).optional(),
  S3_ENDPOINT: z.string().url().optional(),
  S3_BUCKET: z.string().min(3).max(63).optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: boolean.default(false),
  /** The AI assistant's OpenAI-compatible endpoint (docs/ai.md); the assistant is off without AI_MODEL. */
  AI_BASE_URL: z.string().url().optional(),
  AI_API_KEY: z.string().min(1).optional(),
  AI_MODEL: z.string().min(1).optional(),
  AI_EMBEDDING_MODEL: z.string().min(1).optional(),
  /**
   * The embedded model instead of an endpoint (docs/ai.md "The embedded model"): a GGUF file run in this process, in a
   * worker thread, through node-llama-cpp. AI_MODEL and AI_MODEL_PATH are alternatives.
   */
  AI_MODEL_PATH: z.string().min(1).optional(),
  /** A GGUF file for the embedded model's embeddings (may be AI_MODEL_PATH itself); none: no embeddings. */
  AI_EMBEDDING_MODEL_PATH: z.string().min(1).optional(),
  /** CPU threads of the embedded model; default: one core less than the machine has (at least 1). */
  AI_MODEL_THREADS: z.coerce.number().int().min(1).max(256).optional(),
  /** The model's context window in tokens: a conversation that no longer fits is CHAT_TOO_LONG. */
  AI_CONTEXT_TOKENS: z.coerce.number().int().min(1024).max(10_000_000).default(32_768),
  AI_TIMEOUT_MS: z.coerce.number().int().min(1000).max(600_000).default(60_000),
  /** Messages one user may send the assistant per minute. */
  AI_MESSAGES_PER_MINUTE: z.coerce.number().int().min(1).max(10_000).default(10),
  /** Ask the endpoint's moderation (/v1/moderations) about each message first: MESSAGE_NOT_COMPLIANT when flagged. */
  AI_MODERATION: boolean.default(false),
  /** Tokens (approximate) a company's people may use per calendar month; 0 means no limit. */
  AI_COMPANY_MONTHLY_TOKENS: z.coerce.number().int().min(0).max(1_000_000_000_000).default(0),
  /**
   * Keys of the partner platforms' credentials at rest (docs/integrations.md): `id:base64(32 bytes)`, comma
   * separated, the first seals; without it a key is generated into $DATA_DIR/keys.
   */
  INTEGRATIONS_KEYS: csv.optional(),
  /** Time-out of every call to a partner document platform. */
  INTEGRATIONS_TIMEOUT_MS: z.coerce.number().int().min(100).max(300_000).default(15_000),
  /** Autodesk Platform Services: the app's client id and secret (a "Traditional Web App"); APS is offered with both. */
  APS_CLIENT_ID: z.string().min(1).optional(),
  APS_CLIENT_SECRET: z.string().min(1).optional(),
  /** The APS API's address (authentication, Data Management, OSS). */
  APS_BASE_URL: z.string().url().default('https://developer.api.autodesk.com'),
  /** The OpenID userinfo endpoint of APS (the account's e-mail). */
  APS_USERINFO_URL: z.string().url().default('https://api.userprofile.autodesk.com/userinfo'),
});

/** One OpenID provider enabled by configuration. */
export interface OidcProviderConfig {
  issuer: string;
  clientId: string;
  clientSecret: string;
}

/** Settings of sign-in, sessions and codes. */
export interface AuthConfig {
  jwtPrivateKey: string | undefined;
  jwtPublicKey: string | undefined;
  accessTokenTtlSeconds: number;
  /** How long a process keeps a checked session (modules/identity/session-cache.ts); 0 turns it off. */
  sessionCacheMs: number;
  refreshTokenTtlDays: number;
  codeTtlHours: number;
  codeMaxAttempts: number;
  /** Scales every rate limit (tests raise it; 1 in production). */
  rateLimitMultiplier: number;
  /** Secure cookies; defaults to whether PUBLIC_URL is https. */
  cookieSecure: boolean;
  /** Whether PUBLIC_URL was given; when not, federated callbacks use the request's own origin. */
  publicUrlConfigured: boolean;
  oidc: { google: OidcProviderConfig | undefined; microsoft: OidcProviderConfig | undefined };
}

/** An S3-compatible bucket that holds the files (S3_*). */
export interface S3Config {
  /** Endpoint of an S3-compatible service (MinIO, R2…); AWS when absent. */
  endpoint: string | undefined;
  bucket: string;
  region: string;
  /** Static credentials; without them the AWS SDK's default chain (instance role, env, profile) is used. */
  credentials: { accessKeyId: string; secretAccessKey: string } | undefined;
  forcePathStyle: boolean;
}

/** Where files live: $DATA_DIR/files, or S3 when S3_BUCKET is set. */
export interface FilesConfig {
  /** Secret of the HMAC that signs /files URLs; generated into $DATA_DIR/keys when absent. */
  signingSecret: string | undefined;
  s3: S3Config | undefined;
}

/** An OpenAI-compatible endpoint (AI_MODEL, AI_BASE_URL, AI_API_KEY, AI_EMBEDDING_MODEL). */
export interface AiEndpointSettings {
  kind: 'endpoint';
  baseUrl: string | undefined;
  apiKey: string | undefined;
  model: string;
  embeddingModel: string | undefined;
}

/** The embedded model: GGUF files run in-process by node-llama-cpp (AI_MODEL_PATH, AI_EMBEDDING_MODEL_PATH). */
export interface AiEmbeddedSettings {
  kind: 'embedded';
  /** The chat model's GGUF file (absolute). */
  modelPath: string;
  /** The file's name, as the model's name. */
  model: string;
  /** The embedding model's GGUF file (absolute), or undefined: no embeddings. */
  embeddingModel: string | undefined;
  /** CPU threads the model may use. */
  threads: number;
}

/** The AI assistant's model (AI_*); undefined when none is configured. */
export interface AiConfig {
  provider: AiEndpointSettings | AiEmbeddedSettings | undefined;
  contextTokens: number;
  /** Messages are checked by the endpoint's moderation first (AI_MODERATION). */
  moderation: boolean;
  /** A company's monthly token allowance; 0 means none. */
  companyMonthlyTokens: number;
  timeoutMs: number;
  messagesPerMinute: number;
}

/** The partner document platforms (INTEGRATIONS_*; docs/integrations.md). */
export interface IntegrationsConfig {
  /** Sealing keys, the first seals; empty: a key generated into $DATA_DIR/keys. */
  keys: { id: string; key: string }[];
  timeoutMs: number;
  /** Autodesk Platform Services (APS_*), undefined without a client id and secret. */
  aps: ApsConfig | undefined;
}

/** Autodesk Platform Services: the registered app and the addresses of its API. */
export interface ApsConfig {
  clientId: string;
  clientSecret: string;
  baseUrl: string;
  userinfoUrl: string;
}

/** Metrics and traces (docs/operations.md "Metrics", "Tracing"). */
export interface ObservabilityConfig {
  /** Whether /metrics is served and the request metrics are recorded (METRICS). */
  metrics: boolean;
  /** Bearer token for /metrics from other hosts (METRICS_TOKEN); loopback only without it. */
  metricsToken: string | undefined;
  /** The OTLP/HTTP endpoint traces go to; undefined: no tracing at all. */
  otlpEndpoint: string | undefined;
  serviceName: string;
  /** The share of requests traced (OTEL_TRACES_SAMPLER_ARG), 1 by default. */
  traceSampleRatio: number;
}

/** What one process does (ROLE). */
export type ProcessRole = 'all' | 'web' | 'worker';

/** Validated configuration of one server process. */
export interface Config {
  env: 'development' | 'production' | 'test';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  databasePoolSize: number;
  /**
   * Streaming replicas of the primary (DATABASE_REPLICA_URLS; PostgreSQL only) that the issue list, dashboards,
   * exports and the BI feed read from (db/read-replicas.ts); empty: every read on the primary.
   */
  databaseReplicaUrls: string[];
  /** How far behind the primary a replica may be and still serve reads (DATABASE_REPLICA_MAX_LAG_MS). */
  databaseReplicaMaxLagMs: number;
  redisUrl: string | undefined;
  redisChannelPrefix: string;
  publicUrl: string;
  logLevel: string;
  /**
   * The operator's terms of use and privacy policy for the version in force (POLICIES_URL); without it the
   * policies page shows the terms bundled with Obra.
   */
  policiesUrl: string | undefined;
  webDistDir: string;
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where the support page's contact form writes (SUPPORT_EMAIL); the form is hidden without it. */
  supportEmail: string | undefined;
  /** `all` serves HTTP and runs jobs; `web` serves HTTP only; `worker` runs jobs and answers health checks only. */
  role: ProcessRole;
  runJobs: boolean;
  jobTimeoutSeconds: number;
  seedDemo: boolean;
  /** POST /test/jobs/* routes that run scheduled jobs now: NODE_ENV=test and TEST_JOB_ROUTES only. */
  testJobRoutes?: boolean;
  /** `persisted`: a browser session may run only the web app's persisted operations (GRAPHQL_OPERATIONS). */
  graphqlOperations: 'persisted' | 'any';
  trustProxy: boolean;
  observability: ObservabilityConfig;
  embeddingHosts: string[];
  corsOrigins: string[];
  shutdownTimeoutMs: number;
  auth: AuthConfig;
  files: FilesConfig;
  ai: AiConfig;
  integrations: IntegrationsConfig;
}

/** A configuration error listing every bad variable at once. */
export class ConfigError extends Error {
  constructor(readonly issues: string[]) {
    super(`Invalid configuration:\n${issues.map((i) => `  - ${i}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

const repoRoot = path.resolve(import.meta.dirname, '../../..');

/** `--role=worker` (or `--role worker`) on the command line wins over ROLE in the environment. */
export function withRoleFlag(env: NodeJS.ProcessEnv, args: readonly string[]): NodeJS.ProcessEnv {
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg.startsWith('--role=')) return { ...env, ROLE: arg.slice('--role='.length) };
    if (arg === '--role') return { ...env, ROLE: args[i + 1] ?? '' };
  }
  return env;
}

/** Parses and validates the environment once, at start-up. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const parsed = envSchema.safeParse(emptyToUndefined(env));
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`));
  }
  const e = parsed.data;
  const problems = [
    ...s3ConfigProblems(e),
    ...roleProblems(e),
    ...replicaProblems(e),
    ...testOnlyProblems(e),
    ...aiProblems(e),
    ...integrationKeyProblems(e),
  ];
  if (problems.length > 0) throw new ConfigError(problems);
  const publicUrl = (e.PUBLIC_URL ?? `http://localhost:${e.PORT}`).replace(/\/$/, '');
  return {
    env: e.NODE_ENV,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    databasePoolSize: e.DATABASE_POOL_SIZE,
    databaseReplicaUrls: e.DATABASE_REPLICA_URLS ?? [],
    databaseReplicaMaxLagMs: e.DATABASE_REPLICA_MAX_LAG_MS,
    redisUrl: e.REDIS_URL,
    redisChannelPrefix: e.REDIS_CHANNEL_PREFIX,
    publicUrl,
    logLevel: e.LOG_LEVEL,
    policiesUrl: e.POLICIES_URL,
    webDistDir: path.resolve(e.WEB_DIST_DIR ?? path.join(repoRoot, 'apps/web/dist')),
    smtpUrl: e.SMTP_URL,
    mailFrom: e.MAIL_FROM,
    supportEmail: e.SUPPORT_EMAIL,
    role: e.ROLE,
    runJobs: e.ROLE === 'worker' || (e.ROLE === 'all' && e.JOBS !== 'none'),
    jobTimeoutSeconds: e.JOB_TIMEOUT_SECONDS,
    seedDemo: e.SEED_DEMO,
    testJobRoutes: e.NODE_ENV === 'test' && e.TEST_JOB_ROUTES,
    graphqlOperations: e.GRAPHQL_OPERATIONS ?? (e.NODE_ENV === 'production' ? 'persisted' : 'any'),
    trustProxy: e.TRUST_PROXY,
    observability: {
      metrics: e.METRICS,
      metricsToken: e.METRICS_TOKEN,
      otlpEndpoint: e.OTEL_EXPORTER_OTLP_ENDPOINT,
      serviceName: e.OTEL_SERVICE_NAME,
      traceSampleRatio: e.OTEL_TRACES_SAMPLER_ARG,
    },
    embeddingHosts: e.EMBEDDING_HOSTS,
    corsOrigins: e.CORS_ORIGINS,
    shutdownTimeoutMs: e.SHUTDOWN_TIMEOUT_MS,
    auth: {
      jwtPrivateKey: e.JWT_PRIVATE_KEY,
      jwtPublicKey: e.JWT_PUBLIC_KEY,
      accessTokenTtlSeconds: e.ACCESS_TOKEN_TTL_SECONDS,
      sessionCacheMs: e.SESSION_CACHE_MS,
      refreshTokenTtlDays: e.REFRESH_TOKEN_TTL_DAYS,
      codeTtlHours: e.CODE_TTL_HOURS,
      codeMaxAttempts: e.CODE_MAX_ATTEMPTS,
      rateLimitMultiplier: e.RATE_LIMIT_MULTIPLIER,
      cookieSecure: e.COOKIE_SECURE ?? publicUrl.startsWith('https:'),
      publicUrlConfigured: e.PUBLIC_URL !== undefined,
      oidc: {
        google: oidcProvider(e.OIDC_GOOGLE_ISSUER, e.OIDC_GOOGLE_CLIENT_ID, e.OIDC_GOOGLE_CLIENT_SECRET),
        microsoft: oidcProvider(
          e.OIDC_MICROSOFT_ISSUER,
          e.OIDC_MICROSOFT_CLIENT_ID,
          e.OIDC_MICROSOFT_CLIENT_SECRET,
        ),
      },
    },
    files: {
      signingSecret: e.FILES_SIGNING_SECRET,
      s3: e.S3_BUCKET
        ? {
            endpoint: e.S3_ENDPOINT,
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            credentials:
              e.S3_ACCESS_KEY_ID && e.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: e.S3_ACCESS_KEY_ID, secretAccessKey: e.S3_SECRET_ACCESS_KEY }
                : undefined,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
          }
        : undefined,
    },
    ai: {
      provider: e.AI_MODEL_PATH
        ? {
            kind: 'embedded',
            modelPath: path.resolve(e.AI_MODEL_PATH),
            model: path.basename(e.AI_MODEL_PATH),
            embeddingModel: e.AI_EMBEDDING_MODEL_PATH ? path.resolve(e.AI_EMBEDDING_MODEL_PATH) : undefined,
            threads: e.AI_MODEL_THREADS ?? Math.max(1, os.availableParallelism() - 1),
          }
        : e.AI_MODEL
          ? {
              kind: 'endpoint',
              baseUrl: e.AI_BASE_URL,
              apiKey: e.AI_API_KEY,
              model: e.AI_MODEL,
              embeddingModel: e.AI_EMBEDDING_MODEL,
            }
          : undefined,
      contextTokens: e.AI_CONTEXT_TOKENS,
      timeoutMs: e.AI_TIMEOUT_MS,
      messagesPerMinute: e.AI_MESSAGES_PER_MINUTE,
      moderation: e.AI_MODERATION,
      companyMonthlyTokens: e.AI_COMPANY_MONTHLY_TOKENS,
    },
    integrations: {
      keys: (e.INTEGRATIONS_KEYS ?? []).map((entry) => {
        const at = entry.indexOf(':');
        return { id: entry.slice(0, at), key: entry.slice(at + 1) };
      }),
      timeoutMs: e.INTEGRATIONS_TIMEOUT_MS,
      aps:
        e.APS_CLIENT_ID && e.APS_CLIENT_SECRET
          ? {
              clientId: e.APS_CLIENT_ID,
              clientSecret: e.APS_CLIENT_SECRET,
              baseUrl: e.APS_BASE_URL.replace(/\/$/, ''),
              userinfoUrl: e.APS_USERINFO_URL,
            }
          : undefined,
    },
  };
}

// Each key: an id (letters, digits, - and _) and 32 bytes in base64; ids are unique.
function integrationKeyProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  const seen = new Set<string>();
  for (const entry of e.INTEGRATIONS_KEYS ?? []) {
    const at = entry.indexOf(':');
    const id = at > 0 ? entry.slice(0, at) : '';
    const key = Buffer.from(entry.slice(at + 1), 'base64');
    if (!/^[A-Za-z0-9_-]{1,64}$/.test(id) || key.length !== 32)
      problems.push('INTEGRATIONS_KEYS: each entry is id:base64 of 32 bytes');
    else if (seen.has(id)) problems.push(`INTEGRATIONS_KEYS: key id '${id}' given twice`);
    seen.add(id);
  }
  if ((e.APS_CLIENT_ID === undefined) !== (e.APS_CLIENT_SECRET === undefined))
    problems.push('APS_CLIENT_ID and APS_CLIENT_SECRET: give both or neither');
  return problems;
}

// The model names the endpoint's model: the other AI variables without it would configure nothing. The embedded model
// (AI_MODEL_PATH) is the other choice, never both: its files must be there, and be GGUF files, at start.
function aiProblems(e: z.infer<typeof envSchema>): string[] {
  if (e.AI_MODEL_PATH) {
    const problems: string[] = [];
    if (e.AI_MODEL)
      problems.push(
        'AI_MODEL and AI_MODEL_PATH: choose one (AI_MODEL names the model of an OpenAI-compatible endpoint, AI_MODEL_PATH is a GGUF file run by Obra itself)',
      );
    const endpointOnly = (
      ['AI_BASE_URL', 'AI_API_KEY', 'AI_EMBEDDING_MODEL', 'AI_MODERATION'] as const
    ).filter((name) => (name === 'AI_MODERATION' ? e.AI_MODERATION : e[name] !== undefined));
    if (!e.AI_MODEL && endpointOnly.length > 0)
      problems.push(
        `${endpointOnly.join(', ')}: settings of an OpenAI-compatible endpoint, not of the embedded model (AI_MODEL_PATH)` +
          (endpointOnly.includes('AI_EMBEDDING_MODEL') ? '; its embeddings are AI_EMBEDDING_MODEL_PATH' : ''),
      );
    problems.push(...ggufFileProblems('AI_MODEL_PATH', e.AI_MODEL_PATH));
    if (e.AI_EMBEDDING_MODEL_PATH)
      problems.push(...ggufFileProblems('AI_EMBEDDING_MODEL_PATH', e.AI_EMBEDDING_MODEL_PATH));
    return problems;
  }
  const problems: string[] = [];
  if (!e.AI_MODEL && (e.AI_BASE_URL || e.AI_API_KEY || e.AI_EMBEDDING_MODEL))
    problems.push('AI_MODEL: required when another AI_* variable of the endpoint is set');
  if (e.AI_EMBEDDING_MODEL_PATH || e.AI_MODEL_THREADS !== undefined)
    problems.push(
      `${e.AI_EMBEDDING_MODEL_PATH ? 'AI_EMBEDDING_MODEL_PATH' : 'AI_MODEL_THREADS'}: a setting of the embedded model, which needs AI_MODEL_PATH`,
    );
  return problems;
}

// A model file named at start must be a readable GGUF file (its first four bytes are "GGUF"): a wrong path is said
// now, not at the first question. Whether llama.cpp can load it is known only when it does (on first use).
function ggufFileProblems(name: string, file: string): string[] {
  const resolved = path.resolve(file);
  let handle: number | undefined;
  try {
    if (!fs.statSync(resolved).isFile()) return [`${name}: '${resolved}' is not a file`];
    handle = fs.openSync(resolved, 'r');
    const magic = Buffer.alloc(4);
    const read = fs.readSync(handle, magic, 0, 4, 0);
    return read === 4 && magic.toString('latin1') === 'GGUF'
      ? []
      : [`${name}: '${resolved}' is not a GGUF file (it does not start with "GGUF")`];
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    return [
      code === 'ENOENT'
        ? `${name}: no file at '${resolved}'`
        : `${name}: '${resolved}' cannot be read (${code ?? String(error)})`,
    ];
  } finally {
    if (handle !== undefined) fs.closeSync(handle);
  }
}

// The S3 variables only make sense together: half a configuration is refused rather than silently ignored.
function s3ConfigProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (!e.S3_BUCKET && (e.S3_ENDPOINT || e.S3_ACCESS_KEY_ID || e.S3_SECRET_ACCESS_KEY))
    problems.push('S3_BUCKET: required when another S3_* variable is set');
  if (Boolean(e.S3_ACCESS_KEY_ID) !== Boolean(e.S3_SECRET_ACCESS_KEY))
    problems.push('S3_ACCESS_KEY_ID, S3_SECRET_ACCESS_KEY: give both or neither');
  return problems;
}

// Separate roles only make sense with a server database several processes share; JOBS may not contradict ROLE.
function roleProblems(e: z.infer<typeof envSchema>): string[] {
  const problems: string[] = [];
  if (e.ROLE !== 'all' && !e.DATABASE_URL)
    problems.push(`ROLE: '${e.ROLE}' needs DATABASE_URL (processes cannot share the embedded database)`);
  if ((e.ROLE === 'web' && e.JOBS === 'all') || (e.ROLE === 'worker' && e.JOBS === 'none'))
    problems.push(`JOBS: '${e.JOBS}' contradicts ROLE '${e.ROLE}'`);
  return problems;
}

// Replicas stream from a PostgreSQL primary: with the embedded database there is none, and a list of them would
// silently do nothing, so it is refused. Each entry must be a PostgreSQL URL.
function replicaProblems(e: z.infer<typeof envSchema>): string[] {
  const urls = e.DATABASE_REPLICA_URLS ?? [];
  const problems: string[] = [];
  if (urls.length > 0 && !e.DATABASE_URL)
    problems.push(
      'DATABASE_REPLICA_URLS: needs DATABASE_URL (replicas stream from a PostgreSQL primary; the embedded database has none)',
    );
  for (const url of urls) {
    if (!/^postgres(ql)?:\/\/[^\s]+$/.test(url) || !URL.canParse(url))
      problems.push(`DATABASE_REPLICA_URLS: '${redactUrl(url)}' is not a postgres:// URL`);
  }
  return problems;
}

// A URL in an error message without its password.
function redactUrl(url: string): string {
  return url.replace(/\/\/([^:/@]*):[^@/]*@/, '//$1:***@');
}

// Routes that run jobs on demand exist for the browser journeys only: asking for them elsewhere is a mistake.
function testOnlyProblems(e: z.infer<typeof envSchema>): string[] {
  return e.TEST_JOB_ROUTES && e.NODE_ENV !== 'test'
    ? [`TEST_JOB_ROUTES: only for NODE_ENV=test (NODE_ENV is '${e.NODE_ENV}')`]
    : [];
}

// A provider is enabled only when all three of its variables are set.
function oidcProvider(
  issuer?: string,
  clientId?: string,
  clientSecret?: string,
): OidcProviderConfig | undefined {
  return issuer && clientId && clientSecret ? { issuer, clientId, clientSecret } : undefined;
}

function emptyToUndefined(env: NodeJS.ProcessEnv): Record<string, string | undefined> {
  const out: Record<string, string | undefined> = {};
  for (const [k, v] of Object.entries(env)) out[k] = v === '' ? undefined : v;
  return out;
}
