import { useQueryClient } from '@tanstack/react-query';
import { toast } from '@/components/dialogs';
import { invalidateDomains } from '@/lib/query-domains';
import { useRealtimeEvent } from '@/lib/realtime';

export function callDuration(seconds: number): string {
  const minutes = Math.floor(seconds / 60);
  return minutes ? `${minutes} min ${seconds % 60} s` : `${seconds} s`;
}

/** In the signed-in shell: a call the user's device recorded on a lead shows on its page (its activities and its
 * last contact refresh) with a toast. */
export function useCallRecorded(): void {
  const queryClient = useQueryClient();
  useRealtimeEvent('callRecorded', (message) => {
    void invalidateDomains(queryClient, 'activities', 'leads');
    if (message.activityId) {
      const seconds = Number(message.durationSeconds) || 0;
      toast.info(seconds ? `Call recorded on the lead (${callDuration(seconds)}).` : 'Unanswered call recorded on the lead.');
    }
  });
}
