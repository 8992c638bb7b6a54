#!/usr/bin/env bash
# Builds the round-robin sample (sample_events/round-robin-10.log + round-robin-10.ron) with the
# real command line. Run from the repository root after `cargo build`:
#   bash sample_events/make-round-robin.sh
#
# 10 players, the club-rr-10 preset (单循环, Berger table, 9 rounds). Rounds 1–6 are complete;
# player 8 withdraws after round 3 having played 3 of 9 games (under half: every result
# annulled, R2011 ch.14), so from round 4 on the Berger table leaves their opponent without a
# game. Round 7 is the live round: started at 09:00 (+08:00), its last results held back and
# replayed by `bianpai demo round-robin` (round-robin-10.ron: live_from, anchor).
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BIANPAI:-target/debug/bianpai}
LOG=sample_events/round-robin-10.log
META=sample_events/round-robin-10.ron
rm -f "$LOG" "$META"

T0=$(date -u -d 2026-11-28T01:00:00Z +%s)   # round 7 at 09:00 in Beijing
iso() { date -u -d "@$((T0 + $1))" +%Y-%m-%dT%H:%M:%SZ; }

$B new "$LOG" --preset club-rr-10 --title "俱乐部象棋单循环邀请赛 (演示)" --date 2026-11-25 >/dev/null
NAMES=(王天一 郑惟桐 谢靖 赵鑫鑫 许银川 吕钦 洪智 蒋川 孙勇征 汪洋)
CLUBS=(棋鼓铭心 深圳棋院 金湖象协 淮安棋社 航天俱乐部)
for i in "${!NAMES[@]}"; do
  $B player add "$LOG" --name "${NAMES[$i]}" --club "${CLUBS[$((i % 5))]}" >/dev/null
done
$B draw "$LOG" --seed 2026 >/dev/null

results=(red_win draw black_win red_win draw black_win red_win)
boards() { $B export "$LOG" --format json --what pairings | grep -c '"board"'; }
for r in 1 2 3 4 5 6; do
  $B pair "$LOG" >/dev/null
  $B start "$LOG" --at "$(iso $(( (r - 7) * 86400 / 2 )))" --correction "样例赛事：按赛程时间录入" >/dev/null
  n=$(boards)
  for b in $(seq 1 "$n"); do
    $B result "$LOG" "$b" "${results[$(( (b * 3 + r) % 7 ))]}" >/dev/null
  done
  if [[ $r == 3 ]]; then
    $B player withdraw "$LOG" 8 >/dev/null
  fi
done

$B pair "$LOG" >/dev/null
$B start "$LOG" --at "$(iso 0)" --correction "样例赛事：按赛程时间录入" >/dev/null
$B result "$LOG" 1 draw >/dev/null
live_from=$(( $(wc -l <"$LOG") + 1 ))
n=$(boards)
for b in $(seq 2 "$n"); do
  $B result "$LOG" "$b" "${results[$(( b % 7 ))]}" >/dev/null
done
printf '(live_from: %s, anchor: "%s")\n' "$live_from" "$(iso 1500)" >"$META"
$B verify "$LOG"
echo "round robin sample: $(wc -l <"$LOG") records, live from record $live_from"
