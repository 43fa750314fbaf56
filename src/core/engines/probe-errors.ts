// Why an engine did not answer, in words a user can act on. The raw errors come from Node's sockets,
// TLS, ssh2 and docker-modem, and say things like "connect ENOENT /var/run/docker.sock".
import { parseEndpoint, type ParsedEndpoint } from './endpoint';

interface ErrorFields {
  code?: unknown;
  statusCode?: unknown;
  json?: unknown;
  reason?: unknown;
  level?: unknown;
  message?: unknown;
}

const TLS_CODES = new Set([
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_SIGNATURE_FAILURE',
  'EPROTO',
]);

export function timedOutMessage(timeoutMs: number): string {
  return `timed out after ${Number((timeoutMs / 1000).toFixed(3))} s`;
}

export function describeProbeError(err: unknown, endpoint: string): string {
  const fields: ErrorFields = typeof err === 'object' && err !== null ? (err as ErrorFields) : {};
  const message = typeof fields.message === 'string' ? fields.message : String(err);
  const code = typeof fields.code === 'string' ? fields.code : undefined;
  const target = describeTarget(endpoint);

  if (typeof fields.statusCode === 'number') {
    return `the engine answered HTTP ${fields.statusCode}: ${serverMessage(fields) ?? message}`;
  }
  switch (code) {
    case 'ENOENT':
      return `no socket at ${target.where} (is the engine running?)`;
    case 'EACCES':
    case 'EPERM':
      return target.unix
        ? `permission denied on ${target.where} (on Linux, add your user to the "docker" group and log in again)`
        : `permission denied connecting to ${target.where}`;
    case 'ECONNREFUSED':
      return target.unix
        ? `connection refused on ${target.where} (the socket file is there but nothing answers: is the engine running?)`
        : `connection refused by ${target.where} (is the engine listening there?)`;
    case 'ENOTSOCK':
      return `${target.where} is not a socket`;
    case 'ENOTDIR':
      return `no socket at ${target.where} (a folder on the way is a file)`;
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return `host not found: ${target.host ?? target.where}`;
    case 'EHOSTUNREACH':
    case 'ENETUNREACH':
      return `host unreachable: ${target.where}`;
    case 'ECONNRESET':
      return `the connection to ${target.where} was reset (over TLS: the engine may have refused the client certificate)`;
  }
  if (
    (code && (TLS_CODES.has(code) || code.startsWith('ERR_TLS') || code.startsWith('ERR_SSL'))) ||
    /\bSSL\b|certificate/i.test(message)
  ) {
    return `TLS failed with ${target.where}: ${message} (check the context's TLS files or SkipTLSVerify)`;
  }
  if (typeof fields.level === 'string' && fields.level.startsWith('client-')) {
    return `ssh to ${target.where} failed: ${message}`;
  }
  return message;
}

function serverMessage(fields: ErrorFields): string | undefined {
  const json = fields.json;
  if (typeof json === 'object' && json !== null && 'message' in json && typeof json.message === 'string') {
    return json.message.trim();
  }
  if (typeof json === 'string' && json.trim() !== '') return json.trim();
  if (Buffer.isBuffer(json) && json.length > 0) return json.toString('utf8', 0, 200).trim();
  return typeof fields.reason === 'string' ? fields.reason : undefined;
}

function describeTarget(endpoint: string): { where: string; unix: boolean; host?: string } {
  let parsed: ParsedEndpoint;
  try {
    parsed = parseEndpoint(endpoint);
  } catch {
    return { where: endpoint, unix: false };
  }
  if (parsed.scheme === 'unix') return { where: parsed.path, unix: true };
  const where = parsed.port === undefined ? parsed.host : `${parsed.host}:${parsed.port}`;
  return { where, unix: false, host: parsed.host };
}
