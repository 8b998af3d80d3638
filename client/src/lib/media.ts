export { mediaUrl } from '@contract/card-picture';
