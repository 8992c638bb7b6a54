#!/usr/bin/env bash
# Builds the demo tournament (sample_events/demo.log + demo.ron) with the real command line.
# Run from the repository root after `cargo build`:  bash sample_events/make-demo.sh
#
# 40 players, the 七月月赛 preset (20+5, late window 10 minutes). Round ROUNDS_DONE+1 is the
# live round: started at 09:00 (+08:00), with clock presses on every board, a player marked
# absent who arrives at 09:09:10, one who never comes (the console forfeits them at 09:10),
# fouls, an arbiter's clock reading that lets a flag fall, a move limit on one of the last two
# boards and results until the round is complete. The demo opens at 09:08:30; everything from
# then on is held back and replayed live (demo.ron: live_from, anchor).
#
# ROUNDS_DONE (default 0) plays that many complete rounds first; rounds after the first need
# the Swiss engine.
set -euo pipefail
cd "$(dirname "$0")/.."
B=${BIANPAI:-target/debug/bianpai}
LOG=sample_events/demo.log
META=sample_events/demo.ron
ROUNDS_DONE=${ROUNDS_DONE:-0}
rm -f "$LOG" "$META"

T0=$(date -u -d 2024-07-06T01:00:00Z +%s)   # 09:00 in Beijing
ANCHOR=510                                   # the demo opens 8:30 into the round
iso() { date -u -d "@$((T0 + $1))" +%Y-%m-%dT%H:%M:%SZ; }

$B new "$LOG" --preset qigu-2024-07 --title "棋鼓铭心七月月赛 (演示)" --date 2024-07-06 >/dev/null
NAMES=(王天一 郑惟桐 谢靖 赵鑫鑫 许银川 吕钦 洪智 蒋川 孙勇征 汪洋 赵国荣 陶汉明 胡荣华 柳大华
       李来群 徐天红 于幼华 卜凤波 张强 陈翀 党斐 程鸣 孟辰 黄海林 王廓 聂铁文 刘殿中 阎文清
       申鹏 金波 唐丹 王琳娜 左文静 陈幸琳 时凤兰 赵冠芳 党国蕾 张国凤 伍霞 刚秋英)
CLUBS=(棋鼓铭心 深圳棋院 宝安少儿 金湖象协 淮安棋社 吕梁棋校 航天俱乐部 清江浦)
for i in "${!NAMES[@]}"; do
  $B player add "$LOG" --name "${NAMES[$i]}" --club "${CLUBS[$((i % 8))]}" >/dev/null
done
$B draw "$LOG" --seed 2024 >/dev/null

results=(red_win black_win draw red_win black_win)
for r in $(seq 1 "$ROUNDS_DONE"); do
  $B pair "$LOG" >/dev/null
  $B start "$LOG" --at "$(iso $(( (r - ROUNDS_DONE - 1) * 7200 )))" >/dev/null
  for b in $(seq 1 20); do
    $B result "$LOG" "$b" "${results[$(( (b * 7 + r) % 5 ))]}" >/dev/null
  done
done

$B pair "$LOG" >/dev/null
# Timed actions "SECONDS<TAB>words", run in time order.
ACTS=$(mktemp)
act() { printf '%s\t%s\n' "$1" "$2" >>"$ACTS"; }
act 0 "start"
act 30 "absent 7 black"
act 40 "absent 15 red"
# Results: board:seconds:result (untimed commands, ordered by these seconds).
FINISH="3:300:draw 12:420:red_win 19:480:black_win 10:570:red_win 2:590:draw 14:610:black_win
6:630:red_win 20:650:draw 11:670:black_win 4:690:red_win 8:710:draw 13:730:black_win
17:750:red_win 1:770:draw 5:790:black_win 7:810:red_win 16:870:black_win 9:900:draw"
declare -A END
for f in $FINISH; do
  IFS=: read -r b s res <<<"$f"
  END[$b]=$s
  act "$s" "result $b $res"
done
# Clock presses: each board alternates red, black, … until its result.
for b in $(seq 1 20); do
  [[ $b == 15 || $b == 18 ]] && continue
  t=$((12 + (b * 13) % 40)); side=red
  end=${END[$b]}
  while (( t < end - 5 )); do
    if [[ $b == 7 && $side == black && $t -lt 560 ]]; then t=560; fi  # black arrives late
    (( t < end - 5 )) || break
    act "$t" "clock $b press $side"
    [[ $side == red ]] && side=black || side=red
    t=$((t + 20 + (b * 17 + t * 7) % 70))
  done
done
# Board 18: an arbiter's reading leaves black 45 s; the flag falls at 8:45, confirmed at 9:05.
act 30 "clock 18 press red"; act 100 "clock 18 press black"; act 200 "clock 18 press red"
act 300 "clock 18 press black"; act 420 "clock 18 press red"
act 480 "clock 18 set --red 9:30 --black 0:45"
act 545 "flag 18 black"
act 360 "foul 5 red other"
act 520 "foul 5 red other"
act 550 "arrive 7 black"
act 850 "limit 9 双方各限二十着"

live_from=""
while IFS=$'\t' read -r s words; do
  if [[ -z $live_from && $s -ge $ANCHOR ]]; then
    live_from=$(( $(wc -l <"$LOG") + 1 ))
  fi
  read -r -a w <<<"$words"
  case ${w[0]} in
    start) $B start "$LOG" --at "$(iso "$s")" ;;
    absent|arrive) $B "${w[0]}" "$LOG" "${w[1]}" "${w[2]}" --at "$(iso "$s")" ;;
    clock) $B clock "$LOG" "${w[@]:1}" --at "$(iso "$s")" ;;
    *) $B "${w[0]}" "$LOG" "${w[@]:1}" ;;
  esac >/dev/null
done < <(sort -s -n -k1,1 "$ACTS")
rm -f "$ACTS"
printf '(live_from: %s, anchor: "%s")\n' "$live_from" "$(iso $ANCHOR)" >"$META"
$B verify "$LOG"
echo "demo: $(wc -l <"$LOG") records, live from record $live_from"
