import { readFileSync, rmSync, writeFileSync } from "node:fs";

/**
 * One process per embedded database: PGlite has no shared-memory locking of its own, and two
 * processes writing one directory corrupt it. The lock file holds the owner's pid; a file left by
 * a process that is no longer running (a crash, a power cut) is taken over.
 */
export function takeLockFile(file: string): () => void {
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(file, `${process.pid}\n`, { flag: "wx" });
      let released = false;
      return () => {
        if (released) return;
        released = true;
        rmSync(file, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== "EEXIST") throw error;
      const owner = Number.parseInt(readFileSync(file, "utf8"), 10);
      if (Number.isInteger(owner) && owner > 0 && isRunning(owner)) {
        throw new Error(
          `another process (pid ${owner}) is using it; stop that process first, or give this one ` +
            `its own DATA_DIR (lock file ${file})`,
        );
      }
      rmSync(file, { force: true });
    }
  }
  throw new Error(`could not take the lock file ${file}`);
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: it exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === "EPERM";
  }
}
