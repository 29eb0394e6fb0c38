/**
 * harness/run/sandbox-base.ts: an isolated server's sandbox goes where its user can search every directory down to it
 * (a private TMPDIR made a server that writes its HOME at boot look broken: sweep 15), and when no such directory is
 * left the error names the one that blocks. The user is a parameter, so these rows run as any user, on real
 * directories; the end-to-end run as nobody is test/e2e/isolate-sandbox.test.ts.
 */
import { chmodSync, chownSync, mkdirSync, mkdtempSync, rmSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { SandboxBaseUnavailable, sandboxBase, searchBlocker } from '../../harness/run/sandbox-base.ts';

const POSIX = typeof process.getuid === 'function';
const ME = POSIX ? { uid: process.getuid!(), gid: process.getgid!() } : { uid: 0, gid: 0 };
/** A user no file here belongs to, nor to its group. */
const OTHER = { uid: 54321, gid: 54321 };

let box: string;
/** A directory in the box with this mode (set after creation, so the umask does not change it). */
const dir = (name: string, mode: number) => {
  const path = join(box, name);
  mkdirSync(path, { recursive: true });
  chmodSync(path, mode);
  return path;
};

describe.skipIf(!POSIX || ME.uid === OTHER.uid)('sandbox base for an isolated user', () => {
  beforeEach(() => {
    // /tmp (1777): every user may search it, whatever the runner's TMPDIR is
    box = mkdtempSync(join('/tmp', 'mh-sandbox-base-'));
    chmodSync(box, 0o755);
  });
  afterEach(() => {
    chmodSync(box, 0o755);
    rmSync(box, { recursive: true, force: true });
  });

  describe('searchBlocker', () => {
    it('passes a chain every user may search', () => {
      expect(searchBlocker(dir('open', 0o755), OTHER)).toBeUndefined();
    });

    it('names the private directory (mode 0700 of another user) above an open one, with its mode and owner', () => {
      const inner = join(dir('private', 0o700), 'inner');
      mkdirSync(inner);
      chmodSync(inner, 0o755);
      expect(searchBlocker(inner, OTHER)).toEqual({ dir: join(box, 'private'), mode: 0o700, uid: ME.uid, gid: ME.gid });
    });

    it('blocks at the directory itself when only that one is private', () => {
      expect(searchBlocker(dir('private', 0o700), OTHER)?.dir).toBe(join(box, 'private'));
    });

    it("reads the owner's bits for the owner and the group's for the group, as the kernel does", () => {
      // the directories' owner: this user, or (as root, whom nothing blocks) OTHER, made the owner with chown
      const owner = ME.uid === 0 ? OTHER : ME;
      const owned = (name: string, mode: number) => {
        const path = dir(name, mode);
        if (ME.uid === 0) chownSync(path, owner.uid, owner.gid);
        return path;
      };
      const member = { uid: owner.uid + 1, gid: owner.gid };
      expect(searchBlocker(owned('mine', 0o700), owner)).toBeUndefined();
      expect(searchBlocker(owned('mine-no-x', 0o601), { uid: owner.uid, gid: owner.gid + 1 })?.dir).toBe(join(box, 'mine-no-x'));
      expect(searchBlocker(owned('group-x', 0o710), member)).toBeUndefined();
      expect(searchBlocker(owned('group-no-x', 0o701), member)?.dir).toBe(join(box, 'group-no-x'));
    });

    it('walks the real path behind a symlink too', () => {
      const target = join(dir('private', 0o700), 'target');
      mkdirSync(target);
      chmodSync(target, 0o755);
      symlinkSync(target, join(box, 'link'));
      expect(searchBlocker(join(box, 'link'), OTHER)?.dir).toBe(join(box, 'private'));
    });

    it('blocks at a directory that is not there, and never for root', () => {
      expect(searchBlocker(join(box, 'missing'), OTHER)).toEqual({ dir: join(box, 'missing') });
      expect(searchBlocker(dir('private', 0o700), { uid: 0, gid: 0 })).toBeUndefined();
    });
  });

  describe('sandboxBase', () => {
    it('keeps the temp directory when the user can search down to it', () => {
      const open = dir('open', 0o755);
      expect(sandboxBase(OTHER, open, [dir('fallback', 0o755)])).toBe(open);
    });

    it('passes over a private temp directory for the first fallback the user can search', () => {
      expect(sandboxBase(OTHER, dir('private', 0o700), [dir('fallback', 0o755)])).toBe(join(box, 'fallback'));
    });

    it('takes a world-writable fallback only with the sticky bit', () => {
      expect(sandboxBase(OTHER, dir('private', 0o700), [dir('loose', 0o777), dir('sticky', 0o1777)])).toBe(join(box, 'sticky'));
    });

    it('passes over a world-writable temp directory without the sticky bit, as it does a fallback', () => {
      expect(sandboxBase(OTHER, dir('loose', 0o777), [dir('fallback', 0o755)])).toBe(join(box, 'fallback'));
    });

    it('keeps a world-writable temp directory with the sticky bit', () => {
      const sticky = dir('sticky', 0o1777);
      expect(sandboxBase(OTHER, sticky, [dir('fallback', 0o755)])).toBe(sticky);
    });

    it('throws for a world-writable temp directory without the sticky bit when no fallback fits, saying why and what to do', () => {
      const primary = dir('loose', 0o777);
      expect(() => sandboxBase(OTHER, primary, [dir('closed', 0o700)])).toThrow(
        `--isolate: the temp directory ${primary} where the sandbox would go is unfit for the user the server runs as (uid ${OTHER.uid}, gid ${OTHER.gid}): ${primary} (writable by every user without the sticky bit)`,
      );
      expect(() => sandboxBase(OTHER, primary, [])).toThrow(`or take that write permission away from ${primary} or set its sticky bit`);
    });

    it('throws when nothing is left, naming the blocking directory, the user, each refused fallback and what to do', () => {
      const primary = dir('private', 0o700);
      const fallbacks = [dir('closed', 0o700), dir('loose', 0o777), join(box, 'missing')];
      let error: unknown;
      try {
        sandboxBase(OTHER, primary, fallbacks);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(SandboxBaseUnavailable);
      const message = (error as Error).message;
      expect(message).toContain(`(uid ${OTHER.uid}, gid ${OTHER.gid}) cannot search ${primary} (mode 0700, owner uid ${ME.uid}, gid ${ME.gid})`);
      expect(message).toContain(`${join(box, 'closed')} (mode 0700`);
      expect(message).toContain(`${join(box, 'loose')} (writable by every user without the sticky bit)`);
      expect(message).toContain(`${join(box, 'missing')} (could not be read)`);
      expect(message).toContain('Set TMPDIR to a directory every user may search');
    });

    // review 16, D5: a base the user could rename entries in (it owns it or a directory above, or may write it through
    // its group's bit without the sticky bit) is refused: there one isolated server could swap a sibling's fresh
    // sandbox for a symlink before the hand-over
    it("passes over a temp directory of the user's group, writable by the group without the sticky bit, as it does a fallback", () => {
      const member = { uid: OTHER.uid, gid: ME.gid };
      const fallback = dir('fallback', 0o755);
      expect(sandboxBase(member, dir('group-loose', 0o775), [dir('group-loose-fallback', 0o775), fallback])).toBe(fallback);
      expect(() => sandboxBase(member, join(box, 'group-loose'), [])).toThrow(
        `${join(box, 'group-loose')} (writable by that user's group (gid ${ME.gid}) without the sticky bit)`,
      );
      // the twin: the same modes, another group, or the sticky bit
      expect(sandboxBase(OTHER, join(box, 'group-loose'), [fallback])).toBe(join(box, 'group-loose'));
      expect(sandboxBase(member, dir('group-sticky', 0o1775), [fallback])).toBe(join(box, 'group-sticky'));
    });

    describe.skipIf(ME.uid !== 0)('a temp directory the user owns (as root: chown)', () => {
      const ownedBy = (path: string, who: { uid: number; gid: number }) => {
        chownSync(path, who.uid, who.gid);
        return path;
      };

      it('passes over it for the first fallback, and throws when none is left, saying why and what to do', () => {
        const primary = ownedBy(dir('owned', 0o755), OTHER);
        const fallback = dir('fallback', 0o755);
        expect(sandboxBase(OTHER, primary, [ownedBy(dir('owned-fallback', 0o755), OTHER), fallback])).toBe(fallback);
        let message = '';
        try {
          sandboxBase(OTHER, primary, [join(box, 'owned-fallback')]);
        } catch (error) {
          expect(error).toBeInstanceOf(SandboxBaseUnavailable);
          message = (error as Error).message;
        }
        expect(message).toContain(`unfit for the user the server runs as (uid ${OTHER.uid}, gid ${OTHER.gid}): ${primary} (belongs to that user (uid ${OTHER.uid}))`);
        expect(message).toContain(`no fallback fits: ${join(box, 'owned-fallback')} (belongs to that user`);
        expect(message).toContain(`or give ${primary} to another user`);
      });

      it('passes over a temp directory below one the user owns, and one reached through a symlink to it', () => {
        const parent = ownedBy(dir('owned-parent', 0o755), OTHER);
        const inner = join(parent, 'inner');
        mkdirSync(inner);
        chmodSync(inner, 0o755);
        const fallback = dir('fallback', 0o755);
        expect(sandboxBase(OTHER, inner, [fallback])).toBe(fallback);
        expect(() => sandboxBase(OTHER, inner, [])).toThrow(`${inner} (${parent} above it: belongs to that user`);
        symlinkSync(inner, join(box, 'link'));
        expect(sandboxBase(OTHER, join(box, 'link'), [fallback])).toBe(fallback);
      });

      it("passes over a temp directory writable by the user's group (gid 65534-like) without the sticky bit", () => {
        const primary = ownedBy(dir('group', 0o775), { uid: 0, gid: OTHER.gid });
        expect(sandboxBase(OTHER, primary, [dir('fallback', 0o755)])).toBe(join(box, 'fallback'));
      });

      it("keeps the twin: root's own directory, mode 0755", () => {
        const primary = ownedBy(dir('roots', 0o755), { uid: 0, gid: 0 });
        expect(sandboxBase(OTHER, primary, [dir('fallback', 0o755)])).toBe(primary);
      });
    });
  });
});
