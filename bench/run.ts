import { benchAbuse } from './abuse.ts';
import { benchBackup } from './backup.ts';
import { benchFeed } from './feed.ts';
import { benchLighthouse } from './lighthouse.ts';
import { benchLiveDelivery } from './live-delivery.ts';
import { benchMedia } from './media.ts';
import { benchMetricsCost } from './metrics-cost.ts';
import { benchMix } from './mix.ts';
import { benchMixSafety } from './mix-safety.ts';
import { benchPhoneMedia } from './phone-media.ts';
import { benchPublicPages } from './public-pages.ts';
import { benchRecognition } from './recognition.ts';
import { benchRecognitionBurst } from './recognition-burst.ts';
import { benchSearch } from './search.ts';
import { benchSimilar } from './similar.ts';

// `npm run bench` runs every benchmark; `npm run bench -- feed media` runs the ones named.
// Each prints its own table of ratios measured in the same run.
const only = process.argv.slice(2);
const wanted = (name: string) => !only.length || only.includes(name);

if (wanted('feed')) await benchFeed();
if (wanted('media')) {
  await benchMedia();
  await benchPhoneMedia();
}
if (wanted('recognition')) await benchRecognition();
if (wanted('recognition-burst')) await benchRecognitionBurst();
if (wanted('live-delivery')) await benchLiveDelivery();
if (wanted('search')) await benchSearch();
if (wanted('mix')) await benchMix();
if (wanted('mix-safety')) await benchMixSafety();
if (wanted('metrics-cost')) await benchMetricsCost();
if (wanted('backup')) await benchBackup();
if (wanted('similar')) await benchSimilar();
if (wanted('public-pages')) await benchPublicPages();
if (wanted('abuse')) await benchAbuse();
if (only.includes('lighthouse')) await benchLighthouse();
// Open handles (worker threads, pools) must not keep the process alive once results are printed.
process.exit(0);
