// SPDX-License-Identifier: GPL-2.0
/*
 * pcap(), probe-context side: the DTRACE_ACT_PCAP action copies the
 * packet a struct sk_buff holds into the clause's record, for the
 * consumer to write to a pcap file or print.  Probe context, under the
 * rules at the top of probe_ctx.c: the sk_buff's address comes from the
 * D program, so every field of it and every byte of the packet is read
 * with copy_from_kernel_nofault(), and a bad address is a fault
 * reported to the consumer.
 *
 * Only the linear part of the packet (skb->data, skb_headlen() bytes)
 * is copied, at most what the record has room for (the consumer's
 * pcapsize option); the record says the packet's whole length too, as
 * a pcap file's record header does.  Paged fragments are not walked.
 */
#include <linux/kprobes.h>
#include <linux/minmax.h>
#include <linux/skbuff.h>
#include <linux/string.h>
#include <linux/uaccess.h>
#include "internal.h"

/*
 * Read @size bytes at @off in the sk_buff at @skb (the caller checked
 * that it does not wrap); false if it faults.
 */
static bool dtrace_skb_read(void *dst, u64 skb, size_t off, size_t size)
{
	return !copy_from_kernel_nofault(dst, (void *)(uintptr_t)(skb + off),
					 size);
}

/**
 * dtrace_pcap_store() - store a DTRACE_ACT_PCAP record
 * @mst: the firing's state (a fault is set there)
 * @dst: the action's place in the record, 8-aligned
 * @addr: the struct sk_buff's address; 0 records an empty packet
 * @size: the action's size: struct dtrace_pcaprec and the bytes after
 *	it (ecb.c checked that it is larger than the header)
 *
 * Context: probe context.
 */
void dtrace_pcap_store(struct dtrace_mstate *mst, char *dst, u64 addr,
		       u32 size)
{
	struct dtrace_pcaprec *rec = (struct dtrace_pcaprec *)dst;
	u32 room = size - sizeof(*rec);
	unsigned int len, data_len;
	unsigned char *head, *data;
	u16 nh;
	u32 n;

	memset(rec, 0, sizeof(*rec));
	rec->nhoff = DTRACE_PCAP_NHOFF_NONE;
	if (!addr) {
		memset(rec + 1, 0, room);
		return;
	}
	/* an address whose sk_buff would wrap around is no sk_buff */
	if (addr > U64_MAX - sizeof(struct sk_buff) ||
	    !dtrace_skb_read(&len, addr,
			     offsetof(struct sk_buff, len), sizeof(len)) ||
	    !dtrace_skb_read(&data_len, addr,
			     offsetof(struct sk_buff, data_len), sizeof(data_len)) ||
	    !dtrace_skb_read(&head, addr,
			     offsetof(struct sk_buff, head), sizeof(head)) ||
	    !dtrace_skb_read(&data, addr,
			     offsetof(struct sk_buff, data), sizeof(data)) ||
	    !dtrace_skb_read(&nh, addr,
			     offsetof(struct sk_buff, network_header), sizeof(nh))) {
		dtrace_fault_set(mst, DTRACEFLT_BADADDR, addr);
		return;
	}
	/* a torn or bogus sk_buff: no more than its length says */
	n = data_len <= len ? len - data_len : 0;
	n = min(n, room);
	if (n && ((uintptr_t)data > UINTPTR_MAX - n ||
		  copy_from_kernel_nofault(rec + 1, data, n))) {
		dtrace_fault_set(mst, DTRACEFLT_BADADDR, (uintptr_t)data);
		return;
	}
	memset((char *)(rec + 1) + n, 0, room - n);
	rec->origlen = len;
	rec->caplen = n;
	/* where the IP header starts, if it is among the bytes copied */
	if (nh != (u16)~0U && data >= head && (u64)nh >= data - head &&
	    nh - (data - head) < n)
		rec->nhoff = nh - (data - head);
}
NOKPROBE_SYMBOL(dtrace_pcap_store);
