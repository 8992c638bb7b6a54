#!/usr/bin/env bash
# Builds the sample team event (sample_events/team-rr-8.log) with the real command line.
# Run from the repository root after `cargo build`:  bash sample_events/make-team-rr-8.sh
#
# 城市象棋团体联赛: 8 teams of 4 boards and one reserve (40 players), the team-rr-8 preset
# (single round robin, Berger table, 7 rounds). Rounds 1–5 are played out; before some rounds a
# team hands in a lineup with its reserve in (the registered order kept). Round 6 is the live
# round: paired, started at 09:00 (+08:00), with five of its 16 boards reported, so the match
# scores are part-way.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BIANPAI:-target/debug/bianpai}
LOG=sample_events/team-rr-8.log
rm -f "$LOG"

$B new "$LOG" --preset team-rr-8 --title "2026城市象棋团体联赛 (示例)" --date 2026-05-01 >/dev/null
TEAMS=(杭州队 上海队 北京队 广州队 深圳队 成都队 武汉队 南京队)
SUR=(王 李 张 刘 陈 杨 赵 黄 周 吴 徐 孙 胡 朱 高 林 何 郭 马 罗)
GIV=(天宇 志强 海燕 国平 子涵 一鸣 建华 晓东 文静 明轩 嘉怡 浩然 思远 雨桐 俊杰 欣怡 立新 春生 秋实 冬梅)
for k in "${!TEAMS[@]}"; do
  for j in 0 1 2 3 4; do
    i=$((k * 5 + j))
    $B player add "$LOG" --name "${SUR[$((i % 20))]}${GIV[$(((i + (i / 20) * 7 + 3) % 20))]}" \
      --team "${TEAMS[$k]}" --club "${TEAMS[$k]%队}象棋协会" >/dev/null
  done
done
# From the team column: the first four of each team on the boards, the fifth its reserve.
for t in "${TEAMS[@]}"; do
  $B team add "$LOG" --name "$t" >/dev/null
done

T0=$(date -u -d 2026-05-01T01:00:00Z +%s)   # 09:00 in Beijing, day 1
iso() { date -u -d "@$1" +%Y-%m-%dT%H:%M:%SZ; }
results=(red_win black_win draw red_win draw black_win red_win black_win draw)
play_round() { # round, boards to report
  local r=$1 n=$2
  for b in $(seq 1 "$n"); do
    $B result "$LOG" "$b" "${results[$(((r * 5 + b * 3) % 9))]}" >/dev/null
  done
}
for r in 1 2 3 4 5 6; do
  # A reserve comes in now and then: board 2's player rests, the others move up a board.
  case $r in
    2) $B lineup "$LOG" --team 杭州队 --players "1,3,4,5" >/dev/null ;;
    4) $B lineup "$LOG" --team 广州队 --players "16,17,19,20" >/dev/null ;;
    6) $B lineup "$LOG" --team 南京队 --players "36,38,39,40" >/dev/null ;;
  esac
  $B pair "$LOG" >/dev/null
  day=$(((r - 1) / 2)); half=$(((r - 1) % 2))
  $B start "$LOG" --at "$(iso $((T0 + day * 86400 + half * 18000)))" --correction "示例赛事: 补录开赛时间" >/dev/null
  if [ "$r" -lt 6 ]; then play_round "$r" 16; else play_round "$r" 5; fi
done
$B verify "$LOG"
