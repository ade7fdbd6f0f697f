import { useSyncExternalStore } from 'react';

/*
 * The workspace the signed-in app acts in (ADR 0131, ADR 0136), remembered in this browser. Only a team workspace is
 * stored: none means the caller's personal one, which the server assumes when a request names no workspace, so a
 * browser that never chose one (or whose choice was withdrawn) behaves as before workspaces existed. The API client
 * reads it on every request, which is why it lives here rather than in React state.
 */

export const workspaceStorageKey = 'promptcron.workspace';
/** The request header and the query parameter the server reads the acting workspace from (ADR 0136). */
export const workspaceHeader = 'X-Workspace-Id';
export const workspaceQueryParameter = 'workspace';

const changeEvent = 'promptcron:workspace-change';

/** Read once: the API client asks on every request, and storage cannot change under us except through `chooseWorkspace`. */
let chosen: string | null | undefined;

/** The chosen team workspace's id, or null for the personal workspace. */
export function currentWorkspaceId(): string | null {
  if (chosen === undefined) chosen = readStoredWorkspace();
  return chosen;
}

function readStoredWorkspace(): string | null {
  if (typeof window === 'undefined') return null;
  try {
    return localStorage.getItem(workspaceStorageKey) || null;
  } catch {
    // Storage blocked by the browser's privacy settings: nothing was remembered.
    return null;
  }
}

/** Acts in the team workspace `id`, or the personal one for null; remembered and told to every listener. */
export function chooseWorkspace(id: string | null): void {
  if (id === currentWorkspaceId()) return;
  chosen = id;
  try {
    if (id === null) localStorage.removeItem(workspaceStorageKey);
    else localStorage.setItem(workspaceStorageKey, id);
  } catch {
    // Not remembered across reloads, but this page acts in it.
  }
  window.dispatchEvent(new Event(changeEvent));
}

/** Calls `listener` after every choice; returns the unsubscribe. */
export function onWorkspaceChoice(listener: () => void): () => void {
  window.addEventListener(changeEvent, listener);
  return () => window.removeEventListener(changeEvent, listener);
}

/** The chosen team workspace's id (null: personal), re-rendering on every change. */
export function useCurrentWorkspaceId(): string | null {
  return useSyncExternalStore(onWorkspaceChoice, currentWorkspaceId, () => null);
}

/** The headers that name the acting workspace on an API request; none for the personal one. */
export function workspaceHeaders(id: string | null = currentWorkspaceId()): Record<string, string> {
  return id === null ? {} : { [workspaceHeader]: id };
}

/**
 * `path` naming the acting workspace as `?workspace=`, for what a browser requests without our client and so without
 * its header: the live stream's EventSource and download links.
 */
export function withWorkspaceQuery(path: string, id: string | null = currentWorkspaceId()): string {
  if (id === null) return path;
  const [base, hash] = path.split('#', 2) as [string, string | undefined];
  const separator = base.includes('?') ? '&' : '?';
  return `${base}${separator}${workspaceQueryParameter}=${encodeURIComponent(id)}${hash === undefined ? '' : `#${hash}`}`;
}
