/**
 * Flows layer. A lab's story played with real processes: each worker a JVM in the sandbox running the learner's code,
 * frozen and resumed with real signals (SIGSTOP, SIGCONT) as the lab's script says, and what each process saw gathered
 * into one timeline.
 */
package workbook.story;
