# SPDX-License-Identifier: GPL-2.0
# shellcheck shell=sh
# shellcheck disable=SC2154 # bench, tmp and n are the sourcing script's
#
# What the probe-effect benchmarks (aggcost.sh, syscall.sh) share,
# sourced by them in the guest.  The caller sets $bench (its name, for
# messages), $tmp (a scratch directory) and $n (bench/spin's calls).
# A run of NAME appends "ns events" to $tmp/NAME; a failed one creates
# $tmp/NAME.failed and no later run of NAME is made.

# wait_go FILE PID: until the tracer wrote "go" (it is tracing), or died
wait_go() {
	_w=0
	while ! grep -q '^go' "$1" 2>/dev/null; do
		kill -0 "$2" 2>/dev/null || return 1
		_w=$((_w + 1))
		[ "$_w" -lt 6000 ] || return 1
		sleep 0.05
	done
}

# wait_exit PID [again]: wait for PID to exit, at most 120 s; else say
# what it was doing, kill it, false.  With "again", send PID another
# SIGINT every 10 s meanwhile, as a user presses ^C again: under
# -icount a bpftrace sometimes stays in epoll_wait() after the first
# (docs/performance.md); a second one ends dtrace at once, so not for it.
wait_exit() {
	_w=0
	while kill -0 "$1" 2>/dev/null &&
	      [ "$(cut -d' ' -f3 "/proc/$1/stat" 2>/dev/null)" != Z ]; do
		_w=$((_w + 1))
		if [ "${2-}" = again ] && [ $((_w % 200)) -eq 0 ]; then
			echo "$bench: pid $1 still running $((_w / 20)) s after SIGINT: SIGINT again" >&2
			kill -INT "$1" 2>/dev/null || true
		fi
		if [ "$_w" -ge 2400 ]; then
			echo "$bench: pid $1 state $(cut -d' ' -f3 "/proc/$1/stat")" \
			     "wchan $(cat "/proc/$1/wchan" 2>/dev/null)" \
			     "utime/stime $(cut -d' ' -f14,15 "/proc/$1/stat")" \
			     "stack: $(tr '\n' ' ' <"/proc/$1/stack" 2>/dev/null)" >&2
			kill -9 "$1" 2>/dev/null || true
			wait "$1" || true
			return 1
		fi
		sleep 0.05
	done
	wait "$1" || true
}

# timer_events NS: the events of a loop that took NS ns: $n, or with
# $timer_hz set (a probe on a timer of that rate on the loop's CPU) its
# firings during the loop, NS * timer_hz / 10^9 (under -icount the
# guest's clock, which the timer follows)
timer_events() {
	if [ -z "${timer_hz-}" ]; then
		echo "$n"
	else
		awk -v t="$1" -v hz="$timer_hz" 'BEGIN { printf "%.0f\n", t * hz / 1e9 }'
	fi
}

# traced NAME PARSE CMD...: spin under CMD, stop CMD with SIGINT; the
# run's events are what awk PARSE finds in CMD's output (when PARSE is
# empty, timer_events: the calls spin made, or a timer's firings).  $spin_cmd, if set,
# is the loop run instead of bench/spin (called with $n too).
traced() {
	_name=$1 _parse=$2
	shift 2
	[ ! -e "$tmp/$_name.failed" ] || return 0
	# emptied now: the job's own redirection may come after wait_go
	# has read the last run's "go", and the loop run before it attached
	: >"$tmp/out"
	"$@" >"$tmp/out" 2>&1 &
	_pid=$!
	if ! wait_go "$tmp/out" "$_pid"; then
		kill -9 "$_pid" 2>/dev/null || true
		echo "$bench: $_name did not start: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/$_name.failed"
		return 0
	fi
	_t=$(${spin_cmd:-bench/spin} "$n")
	kill -INT "$_pid"
	_again=
	case $1 in *bpftrace) _again=again ;; esac
	if ! wait_exit "$_pid" $_again; then
		echo "$bench: $_name did not exit on SIGINT: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/$_name.failed"
		return 0
	fi
	if [ -z "$_parse" ]; then
		_ev=$(timer_events "$_t")
	else
		_ev=$(awk "$_parse" "$tmp/out")
	fi
	if [ -z "$_ev" ] || [ "$_ev" -eq 0 ]; then
		echo "$bench: $_name counted no events: $(head -c 300 "$tmp/out")" >&2
		touch "$tmp/$_name.failed"
		return 0
	fi
	echo "$_t $_ev" >>"$tmp/$_name"
}

# floor NAME ARG...: the loop (as in traced()) with floor_bench.ko loaded
# with module parameters ARG... (a bare hook with an empty handler),
# its events being the loop's $n calls, or with $timer_hz set those of
# a timer (timer_events)
floor() {
	_name=$1
	shift
	[ ! -e "$tmp/$_name.failed" ] || return 0
	if ! modprobe -d "$MODROOT" floor_bench "$@"; then
		echo "$bench: $_name: floor_bench $* would not load" >&2
		touch "$tmp/$_name.failed"
		return 0
	fi
	_t=$(${spin_cmd:-bench/spin} "$n")
	rmmod floor_bench
	echo "$_t $(timer_events "$_t")" >>"$tmp/$_name"
}

# spin_umask N: bench/spin's umask() loop, as $spin_cmd for traced()
spin_umask() {
	bench/spin "$1" umask
}

# spin_read N: bench/spin's one-byte read() loop, as $spin_cmd
spin_read() {
	bench/spin "$1" read
}

# Let the previous run's teardown (RCU callbacks, workers) finish first.
settle() {
	sync
	sleep 1
}

# median_base [NAME]: the median of the untraced runs in $tmp/NAME
# (default base), in ns
median_base() {
	sort -n "$tmp/${1:-base}" | awk '{ v[NR] = $1 } END { print v[int((NR + 1) / 2)] }'
}

# cost NAME BASE: "median spread" of the added cost per event of NAME's
# runs, (ns - BASE) / events, the spread being the interquartile range
# over the median in %; "n/a n/a" if NAME failed.  Every run's figure
# goes to stderr.
cost() {
	if [ ! -s "$tmp/$1" ] || [ -e "$tmp/$1.failed" ]; then
		echo "n/a n/a"
		return
	fi
	awk -v b="$2" '{ print ($1 - b) / $2 }' "$tmp/$1" >"$tmp/$1.cost"
	echo "$bench: $1: $(awk '{ printf "%.0f ", $1 }' "$tmp/$1.cost")" >&2
	sort -n "$tmp/$1.cost" | median_iqr '%.0f %.1f'
}

# median_iqr FORMAT: of the sorted numbers on stdin, print the median
# and the interquartile range over the median in % (0 for a 0 median),
# with printf FORMAT.  Quartiles by the nearest-rank rule.
median_iqr() {
	awk -v f="$1" '{ v[NR] = $1 } END {
		m = v[int((NR + 1) / 2)]
		q1 = v[int((NR + 3) / 4)]; q3 = v[int((3 * NR + 3) / 4)]
		printf f, m, m ? 100 * (q3 - q1) / (m < 0 ? -m : m) : 0 }'
}

# The target column, an awk function: verdict(SPEC, OURS, RATIO) for
# SPEC "<=R", "<R" or ">=R" (the exact ratio, not the rounded one shown,
# against R), "~0" (ours under one unit: indistinguishable from no
# probe) or "~N" (ours at most N units: what cannot be less, one no-op
# instruction); "" for a row without one.
verdict_awk='function verdict(spec, o, r,  ok, say) {
	if (spec == "")
		return ""
	say = spec
	sub(/^<=/, "≤ ", say); sub(/^>=/, "≥ ", say); sub(/^</, "< ", say)
	if (substr(spec, 1, 1) == "~") {
		if (o == "n/a")
			return "n/a"
		ok = spec == "~0" ? o + 0 < 1 : o + 0 <= substr(spec, 2) + 0
		say = spec == "~0" ? "≈ none" : "≈ none: ≤ " substr(spec, 2)
	} else if (r == "n/a") {
		return "n/a"
	} else if (substr(spec, 1, 2) == "<=") {
		ok = r + 0 <= substr(spec, 3) + 0
	} else if (substr(spec, 1, 2) == ">=") {
		ok = r + 0 >= substr(spec, 3) + 0
	} else {
		ok = r + 0 < substr(spec, 2) + 0
	}
	return (ok ? "met" : "**missed**") " (" say ")"
}'

# row LABEL UNIT OURS SPREAD BPF [TARGET [FLOOR]]: one table row, the
# verdict on TARGET (see verdict_awk) and the ratio ours / bpftrace; with
# a FLOOR (what the bare hook costs, floor()), the ratio of what each
# adds above it, (OURS - FLOOR) / (BPF - FLOOR)
row() {
	awk -v l="$1" -v u="$2" -v o="$3" -v s="$4" -v t="$5" -v g="${6:-}" \
	    -v f="${7:-}" "$verdict_awk"'BEGIN {
		ostr = o == "n/a" ? "failed" : sprintf("%d %s (IQR %s%%)", o, u, s)
		tstr = t == "n/a" ? "n/a" : sprintf("%d %s", t, u)
		fstr = f == "" ? "" : f == "n/a" ? "n/a" : sprintf("%d %s", f, u)
		fl = f == "" ? 0 : f
		if (o == "n/a" || t == "n/a" || f == "n/a" || t - fl <= 0)
			r = "n/a"
		else
			r = (o - fl) / (t - fl)
		printf "| %s | %s | %s | %s | %s | %s |\n", l, ostr, tstr, fstr,
			r == "n/a" ? r : sprintf("%.2f", r), verdict(g, o == "n/a" ? o : o - fl, r) }'
}
