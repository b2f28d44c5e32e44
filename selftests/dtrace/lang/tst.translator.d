/*
 * ASSERTION: A translator maps the members of one struct to another, applied by xlate.
 *
 * SPDX-License-Identifier: GPL-2.0
 */

#pragma D option quiet


typedef struct mine {
	int id;
	int parent;
} mine_t;

translator mine_t < struct task_struct *T > {
	id = T->pid;
	parent = T->real_parent->tgid;
};

BEGIN
{
	printf("%d %d\n", xlate < mine_t * > (curthread)->id == tid,
	    xlate < mine_t * > (curthread)->parent == ppid);
	exit(0);
}
