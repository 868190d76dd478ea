// Types of stack.cjs (the one stack launcher) for the TypeScript callers: e2e and bench.
import type { ChildProcess } from 'node:child_process';
import type { Remote, RemoteName } from '@fu/shared/remotes';

export type ServerName = 'api' | 'sandbox' | RemoteName;
/** A port per server; the sandbox's is `gateway` (GATEWAY_PORT), as the API calls it. */
export type Ports = Record<'api' | 'gateway' | RemoteName, number>;
export type Output = 'inherit' | 'stderr' | { file: string; echo: (line: string) => boolean };

export interface ServerOptions {
  env?: NodeJS.ProcessEnv;
  output?: Output;
  pidFile?: string;
  cwd?: string;
  tsx?: boolean;
}

export interface Server {
  name: string;
  child: ChildProcess;
  /** Resolves once the process is gone (and its log file written). */
  exited: Promise<void>;
  stop(): Promise<void>;
}

export interface Stack {
  ports: Ports;
  servers: Server[];
  server(name: ServerName): Server | undefined;
  ready(options?: { timeoutMs?: number }): Promise<void>;
  stop(): Promise<void>;
}

export interface StackOptions {
  ports: Ports;
  env?: NodeJS.ProcessEnv;
  envFor?: (name: ServerName) => NodeJS.ProcessEnv;
  outputFor?: (name: ServerName) => Output;
  pidFile?: string;
}

export const root: string;
export const remotes: readonly Remote[];
export const defaultPorts: Ports;
export function portsFrom(base: number): Ports;
export function portsFromEnv(env?: NodeJS.ProcessEnv): Ports;
export function portEnv(ports: Ports): Record<string, string>;
export function remoteEntryUrl(port: number): string;
export function startServer(name: string, args: string[], options?: ServerOptions): Server;
export function startApi(options: ServerOptions & { port: number }): Server;
export function startSandbox(options: ServerOptions & { port: number }): Server;
export function startRemote(name: RemoteName, options: ServerOptions & { port: number }): Server;
export function startStack(options: StackOptions): Stack;
export function stopAll(): Promise<void>;
export function waitFor(
  url: string,
  options?: { state?: 'ok' | 'listening' | 'down'; server?: Server; timeoutMs?: number },
): Promise<void>;
export function stopRecorded(pidFile: string, name: string): void;
export function stopLeftovers(pidFile: string): Promise<void>;
