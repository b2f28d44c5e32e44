/* SPDX-License-Identifier: GPL-2.0 */
/*
 * What the consumer's files share: reading a recorded integer and
 * reporting losses (dt_consume.c), holding records back for -x temporal
 * (dt_temporal.c) and records as JSON (dt_json.c).  Aggregations have
 * their own header, dt_agg.h.
 */
#ifndef _DT_CONSUME_H
#define _DT_CONSUME_H

#include <stdint.h>
#include <stdio.h>
#include "dt_impl.h"

struct dt_strbuf;

/*
 * dt_pcap.c: the packet of pcap() record @rec (@rec[1] is its link
 * type) in @data, recorded at @ts (CLOCK_MONOTONIC ns), appended to the
 * pcapfile option's file or printed into @sb.  Return: 0 or -1
 * (EDT_CORRUPT, an error writing the file).  dt_pcap_close() closes the
 * file, if one was opened.
 */
int dt_pcap_rec(dtrace_hdl_t *dtp, const struct dt_recdesc *rec,
		const char *data, uint64_t ts, struct dt_strbuf *sb);
void dt_pcap_close(dtrace_hdl_t *dtp);

/* dt_consume.c */
uint64_t dt_rec_int(const struct dt_recdesc *rec, const char *data);
int dt_report_drops(dtrace_hdl_t *dtp, int cpu, uint64_t n,
		    const char *tag, const char *what, const char *suffix);
struct dt_pfarg;
void dt_consume_pfarg(dtrace_hdl_t *dtp, const struct dt_recdesc *rec,
		      const char *data, struct dt_pfarg *a, char **str);
int dt_consume_printf(dtrace_hdl_t *dtp, const struct dt_clause *cl,
		      const struct dt_stmt *st, const char *data,
		      struct dt_strbuf *sb);

/* dt_options.c: bufresize=auto after ENOMEM; 1 if a size was lowered */
int dt_options_resize(dtrace_hdl_t *dtp);

/*
 * dt_temporal.c: keep a copy of @cpu's snapshot's records; then print,
 * in timestamp order, those of every CPU written at or before @upto
 * (UINT64_MAX: all of them) and keep the rest for the next round.
 */
int dt_temporal_add(dtrace_hdl_t *dtp, int cpu, const char *buf,
		    size_t len);
int dt_temporal_flush(dtrace_hdl_t *dtp, FILE *fp, uint64_t upto);
void dt_temporal_free(dtrace_hdl_t *dtp);

/*
 * dt_json.c: the JSON object of one record, without its newline-ended
 * statements on aggregations (printa() prints its own lines).
 */
int dt_json_rec(dtrace_hdl_t *dtp, int cpu, const struct dt_epid *e,
		const struct dt_clause *cl, const char *data, uint64_t ts,
		struct dt_strbuf *sb);
int dt_json_string(const char *s, size_t len, struct dt_strbuf *sb);

#endif /* _DT_CONSUME_H */
