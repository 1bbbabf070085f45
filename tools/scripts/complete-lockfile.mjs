#!/usr/bin/env node
/**
 * The npm registry mirror this project is built against serves only the Linux builds of packages
 * that ship one optional package per platform (sass-embedded, unrs-resolver ...). `npm install`
 * then leaves the other platforms out of package-lock.json, and `npm ci` refuses the lockfile as
 * "out of sync". This adds a placeholder entry for each missing optional platform package, with the
 * os/cpu its name states, so npm ci skips it on machines it does not fit, as it does upstream.
 *
 *   node tools/scripts/complete-lockfile.mjs   (after every npm install that changes the lockfile)
 */
import { readFileSync, writeFileSync } from 'node:fs';

const LOCKFILE = new URL('../../package-lock.json', import.meta.url);
const lock = JSON.parse(readFileSync(LOCKFILE, 'utf8'));
const packages = lock.packages;

const OS = ['android', 'darwin', 'freebsd', 'linux', 'win32', 'openharmony', 'sunos', 'aix', 'netbsd', 'openbsd'];
const CPU = ['arm64', 'arm', 'x64', 'ia32', 'riscv64', 'loong64', 'ppc64', 's390x', 'mips64el', 'wasm32'];

function platformOf(name) {
  const parts = name.replace(/^@[^/]+\//, '').split(/[-_]/);
  const os = OS.find((candidate) => parts.includes(candidate) || (candidate === 'win32' && parts.includes('windows')));
  const cpu = CPU.find((candidate) => parts.includes(candidate));
  const libc =
    parts.includes('musl') || parts.includes('musleabihf')
      ? 'musl'
      : parts.includes('gnu') || parts.includes('gnueabihf')
        ? 'glibc'
        : undefined;
  return { os, cpu, libc };
}

let added = 0;
for (const [path, entry] of Object.entries(packages)) {
  for (const [name, version] of Object.entries(entry.optionalDependencies ?? {})) {
    const base = path ? `${path}/node_modules/` : 'node_modules/';
    // npm resolves from the nearest node_modules up the tree; the hoisted place is the root.
    const candidates = [`${base}${name}`, `node_modules/${name}`];
    if (candidates.some((candidate) => packages[candidate])) continue;
    const { os, cpu, libc } = platformOf(name);
    // Unknown platforms ("all-unknown", "wasm32-wasi") get an impossible os, so no machine installs them.
    packages[`node_modules/${name}`] = {
      version: /^\d/.test(version) ? version.replace(/^[\^~]/, '') : version,
      dev: entry.dev || undefined,
      optional: true,
      os: [os ?? 'none'],
      ...(cpu ? { cpu: [cpu] } : {}),
      ...(libc ? { libc: [libc] } : {}),
    };
    added += 1;
  }
}

lock.packages = Object.fromEntries(
  Object.entries(packages).sort(([a], [b]) => (a === '' ? -1 : b === '' ? 1 : a.localeCompare(b))),
);
writeFileSync(LOCKFILE, JSON.stringify(lock, null, 2) + '\n');
console.log(`complete-lockfile: added ${added} placeholder entr${added === 1 ? 'y' : 'ies'}`);
