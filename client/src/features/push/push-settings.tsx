import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { pushKinds, type PushDevice, type PushKind } from '@contract/push';
import type { Preferences, PreferencesPatch } from '@contract/settings';
import { DeviceRow } from '@/components/device-row';
import { Button } from '@/components/ui/button';
import { toast } from '@/components/ui/use-toast';
import { serverMessage } from '@/lib/api';
import { call, endpointKey } from '@/lib/call';
import { CheckRow, SwitchRow } from '@/features/settings/controls';
import { FieldGroup } from '@/features/settings/settings-section';
import { currentSubscription, pushSupported, turnPushOff, turnPushOn } from './device-push';

const kindLabels: Record<PushKind, string> = {
  like: 'Likes',
  comment: 'Comments',
  reply: 'Replies',
  mention: 'Mentions',
  follow: 'New followers',
  save: 'Saves to folders',
  folder_invite: 'Folder invites',
  message: 'Messages',
  view: 'View milestones',
  archive_ready: 'Your data archive',
  storage_almost_full: 'Storage almost full',
  member_storage_full: "A member's storage full (admins)",
  report_resolved: 'Your reports, once reviewed',
};

const devicesKey = endpointKey('listPushSubscriptions');

type Props = { preferences: Preferences; onChange: (patch: PreferencesPatch) => void };

/** Settings → Notifications: push on this device, the member's other devices (Remove), and which kinds are pushed. */
export function PushSettings({ preferences, onChange }: Props) {
  const queryClient = useQueryClient();
  const supported = pushSupported();
  const [here, setHere] = useState<PushSubscription | null>(null);
  useEffect(() => {
    void currentSubscription().then(setHere);
  }, []);
  const { data } = useQuery({ queryKey: devicesKey, queryFn: () => call('listPushSubscriptions') });
  const devices = data?.devices ?? [];
  const refresh = () => queryClient.invalidateQueries({ queryKey: devicesKey });
  const thisOn = here !== null && devices.some((d) => d.endpoint === here.endpoint);

  const toggle = useMutation({
    mutationFn: async (on: boolean) => {
      if (on) return turnPushOn();
      if (here) await turnPushOff(here);
      return null;
    },
    onSuccess: async (subscription) => {
      setHere(subscription);
      await refresh();
    },
    onError: (error) => toast({ title: 'Push notifications', description: serverMessage(error, error.message || 'Please try again.'), variant: 'destructive' }),
  });
  const remove = useMutation({
    mutationFn: async (device: PushDevice) => {
      if (here && device.endpoint === here.endpoint) return turnPushOff(here).then(() => setHere(null));
      await call('removePushSubscription', { body: { endpoint: device.endpoint } });
    },
    onSuccess: () => refresh(),
    onError: (error) => toast({ title: 'Not removed', description: serverMessage(error, 'Please try again.'), variant: 'destructive' }),
  });

  const chosen = new Set<string>(preferences.pushKinds);
  const ordered = [...devices].sort((a, b) => Number(b.endpoint === here?.endpoint) - Number(a.endpoint === here?.endpoint));

  return (
    <>
      <FieldGroup title="Push notifications" description="Likes, comments, messages and invites on your phone or computer, even when Kaleido is closed.">
        {supported ? (
          <SwitchRow id="push-this-device" label="On this device" description="Nothing is pushed while Kaleido is open and in view here." checked={thisOn} onChange={(on) => toggle.mutate(on)} />
        ) : (
          <p className="text-sm text-muted-foreground">This browser cannot receive push notifications. Install Kaleido on your home screen, or use another browser.</p>
        )}
        <ul className="divide-y rounded-xl border" data-testid="push-devices" aria-label="Devices with push notifications">
          {ordered.length === 0 && <li className="px-4 py-3 text-sm text-muted-foreground">No device receives push notifications yet.</li>}
          {ordered.map((d) => (
            <DeviceRow
              key={d.id}
              testId="push-device"
              phone={/Android|iOS/.test(d.device)}
              name={d.device}
              current={d.endpoint === here?.endpoint}
              detail={`Since ${new Date(d.createdAt).toLocaleDateString()}${d.lastPushedAt ? ` · last push ${new Date(d.lastPushedAt).toLocaleString()}` : ''}`}
            >
              <Button variant="ghost" size="sm" onClick={() => remove.mutate(d)} disabled={remove.isPending} aria-label={`Remove ${d.device}`}>
                Remove
              </Button>
            </DeviceRow>
          ))}
        </ul>
      </FieldGroup>
      <FieldGroup title="What is pushed" description="Every notification still appears in the bell.">
        <div className="grid gap-4 rounded-lg border bg-muted/30 p-4 sm:grid-cols-2">
          {pushKinds.map((kind) => (
            <CheckRow
              key={kind}
              id={`push-kind-${kind}`}
              label={kindLabels[kind]}
              checked={chosen.has(kind)}
              onChange={(on) => onChange({ pushKinds: pushKinds.filter((k) => (k === kind ? on : chosen.has(k))) })}
            />
          ))}
        </div>
      </FieldGroup>
    </>
  );
}
