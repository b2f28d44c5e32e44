// SPDX-License-Identifier: GPL-2.0
/*
 * pcap(skb, proto), consumer side: each record holds the packet's
 * bytes as the kernel copied them (struct dtrace_pcaprec, then up to
 * pcapsize bytes: framework/pcap_ctx.c) and the link type the program
 * gave (PCAP_*, userland/lib/pcap.d: the pcap file format's LINKTYPE_
 * numbers).  With the pcapfile option set, the packets are appended to
 * that file in the libpcap file format (a global header, then a record
 * header and the bytes of each packet; nanosecond timestamps), which
 * tcpdump and tshark read; without it, each packet is printed as a hex
 * dump, as tracemem() prints the same bytes.  docs/actions.md tells.
 */
#include <errno.h>
#include <stdio.h>
#include <string.h>
#include <time.h>
#include "dt_impl.h"
#include "dt_consume.h"
#include "dt_print.h"

#define DT_PCAP_MAGIC_NS	0xa1b23c4dU	/* nanosecond timestamps */
#define DT_PCAP_LINK_RAW	101		/* PCAP_IP: raw IPv4 or IPv6 */

struct dt_pcap_filehdr {
	uint32_t magic;
	uint16_t version_major;
	uint16_t version_minor;
	int32_t thiszone;
	uint32_t sigfigs;
	uint32_t snaplen;
	uint32_t linktype;
};

struct dt_pcap_rechdr {
	uint32_t ts_sec;
	uint32_t ts_nsec;
	uint32_t incl_len;
	uint32_t orig_len;
};

/* CLOCK_REALTIME less CLOCK_MONOTONIC, the records' clock, in ns. */
static int64_t dt_pcap_walloff(void)
{
	struct timespec wall, mono;

	clock_gettime(CLOCK_REALTIME, &wall);
	clock_gettime(CLOCK_MONOTONIC, &mono);
	return ((int64_t)wall.tv_sec - mono.tv_sec) * 1000000000 +
	       (wall.tv_nsec - mono.tv_nsec);
}

/* Open the pcapfile and write its header, with @link as its link type. */
static int dt_pcap_open(dtrace_hdl_t *dtp, uint32_t link)
{
	struct dt_pcap_filehdr fh = {
		.magic = DT_PCAP_MAGIC_NS,
		.version_major = 2,
		.version_minor = 4,
		.snaplen = (uint32_t)dtp->opt.pcapsize,
		.linktype = link,
	};

	dtp->pcap_fp = fopen(dtp->opt.pcapfile, "w");
	if (!dtp->pcap_fp ||
	    fwrite(&fh, sizeof(fh), 1, dtp->pcap_fp) != 1) {
		fprintf(stderr, "dtrace: cannot write pcap file \"%s\": %s\n",
			dtp->opt.pcapfile, strerror(errno));
		return dt_set_errno(dtp, errno);
	}
	dtp->pcap_link = link;
	dtp->pcap_walloff = dt_pcap_walloff();
	return 0;
}

static int dt_pcap_write(dtrace_hdl_t *dtp, uint32_t link, uint64_t ts,
			 const struct dtrace_pcaprec *pr,
			 const unsigned char *p)
{
	struct dt_pcap_rechdr rh;
	uint32_t skip = 0;
	uint64_t wall;

	if (!dtp->pcap_fp && dt_pcap_open(dtp, link))
		return -1;
	/* a pcap file has one link type: the first packet's */
	if (link != dtp->pcap_link) {
		if (!dtp->pcap_mixed)
			fprintf(stderr,
				"dtrace: pcap file \"%s\" has link type %u: packets of link type %u are left out\n",
				dtp->opt.pcapfile, dtp->pcap_link, link);
		dtp->pcap_mixed = true;
		return 0;
	}
	/* raw IP starts at the IP header, wherever the sk_buff's data was */
	if (link == DT_PCAP_LINK_RAW && pr->nhoff != DTRACE_PCAP_NHOFF_NONE &&
	    pr->nhoff < pr->caplen)
		skip = pr->nhoff;
	wall = ts + (uint64_t)dtp->pcap_walloff;
	rh.ts_sec = (uint32_t)(wall / 1000000000);
	rh.ts_nsec = (uint32_t)(wall % 1000000000);
	rh.incl_len = pr->caplen - skip;
	rh.orig_len = pr->origlen - skip;
	if (fwrite(&rh, sizeof(rh), 1, dtp->pcap_fp) != 1 ||
	    fwrite(p + skip, 1, rh.incl_len, dtp->pcap_fp) != rh.incl_len ||
	    fflush(dtp->pcap_fp))
		return dt_set_errno(dtp, errno);
	return 0;
}

int dt_pcap_rec(dtrace_hdl_t *dtp, const struct dt_recdesc *rec,
		const char *data, uint64_t ts, struct dt_strbuf *sb)
{
	const unsigned char *p = (const unsigned char *)data + rec->offset;
	struct dtrace_pcaprec pr;
	uint32_t link;

	if (rec->size < sizeof(pr))
		return dt_set_errno(dtp, EDT_CORRUPT);
	memcpy(&pr, p, sizeof(pr));
	if (pr.caplen > rec->size - sizeof(pr) || pr.caplen > pr.origlen)
		return dt_set_errno(dtp, EDT_CORRUPT);
	if (!pr.origlen)
		return 0;	/* pcap(NULL, ...): no packet */
	p += sizeof(pr);
	link = (uint32_t)dt_rec_int(&rec[1], data);
	if (dtp->opt.pcapfile)
		return dt_pcap_write(dtp, link, ts, &pr, p);
	if (dtp->opt.oformat == DT_OFORMAT_JSON)
		return 0;
	return dt_print_bytes(p, pr.caplen, dtp->opt.quiet, true, sb);
}

void dt_pcap_close(dtrace_hdl_t *dtp)
{
	if (dtp->pcap_fp)
		fclose(dtp->pcap_fp);
	dtp->pcap_fp = NULL;
}
