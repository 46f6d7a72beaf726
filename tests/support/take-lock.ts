// Child process for the lock test: tries to take the PGlite lock of the directory given as argv[2].
import { acquireDataDirLock } from "@/lib/db/pglite-lock";

acquireDataDirLock(process.argv[2]);
