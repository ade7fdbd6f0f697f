/**
 * SQL for when the next delivery attempt of the run `run` (an alias of `task_runs`) is due, as an ISO instant
 * ("2026-11-20T10:05:00.000Z"), while the delivery is still pending; null otherwise. For one destination, the time its
 * latest recorded attempt (webhook, Slack, Discord) set: e-mail attempts are not recorded, so a retrying e-mail has
 * none. For several, the soonest of those still waiting, which each destination's state keeps (ADR 0127).
 */
export function nextDeliveryAttemptSql(run: string): string {
  return `case when ${run}.delivery_status = 'pending' then
    case when ${run}.destinations is null then (
      select to_char(wd.next_attempt_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')
      from webhook_deliveries wd where wd.run_id = ${run}.id order by wd.attempt desc limit 1)
    else (
      select min(destination->>'nextAttemptAt') from jsonb_array_elements(${run}.destinations) destination
      where destination->>'status' = 'pending') end end`;
}
