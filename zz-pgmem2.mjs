import { PGlite } from '@electric-sql/pglite';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import fs from 'node:fs';
const mb = () => { const m = process.memoryUsage(); return `rss ${Math.round(m.rss/1e6)} ext ${Math.round(m.external/1e6)}`; };
const P = ["--single","-F","-O","-j","-c","search_path=public","-c","exit_on_error=false","-c","log_checkpoints=false","-c","max_worker_processes=0","-c","max_parallel_workers=0","-c","max_parallel_workers_per_gather=0","-c","io_method=sync","-c","max_parallel_maintenance_workers=0","-c","shared_buffers=" + (process.argv[2] ?? '128MB')];
const dir = fs.mkdtempSync('/tmp/pgm-') + '/db';
let db = await PGlite.create(dir, { extensions: { pg_trgm } });
console.log('first create (initdb)', mb());
await db.close(); db = null;
for (let i = 0; i < 3; i++) { globalThis.gc?.(); await new Promise(r=>setTimeout(r,500)); }
console.log('closed+gc', mb());
db = await PGlite.create(dir, { extensions: { pg_trgm }, startParams: P });
await db.query('select 1');
for (let i = 0; i < 3; i++) { globalThis.gc?.(); await new Promise(r=>setTimeout(r,500)); }
console.log('reopened', process.argv[2], mb());
await db.close();
