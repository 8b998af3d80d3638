import { openBenchDatabase } from '../bench-database.ts';
import { migrateDatabase } from '../../server/composition.ts';
import { seedMix } from '../mix-seed.ts';
process.env.BENCH_KEEP = '1';
const bench = await openBenchDatabase('postgres');
await migrateDatabase(bench.database);
await seedMix(bench.database.db, { sessions: 10, salt: 'x' });
await bench.drop();
await bench.database.close();
