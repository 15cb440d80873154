// The slack lost to the payment bulkhead: free workers at each of its rejections.

package lab

import (
	"fmt"
	"sync"
)

// SlackStats is the slack lost to the payment bulkhead (field guide §6): at each of its
// rejections, how many workers of the pool sat free. Always large: the compartment is cut
// too fine for the pool; near zero: the rejection is paid for, the pool was full anyway.
type SlackStats struct {
	Rejections int64   // bulkhead rejections observed
	MeanFree   float64 // workers free elsewhere at a rejection, on average
}

type slackLost struct {
	mu         sync.Mutex
	rejections int64
	free       int64 // summed over the rejections
}

// sumSlack is the replicas' slack as one: their rejections, and the free workers at each
// of them on average over all of them.
func sumSlack(reps []Snapshot) SlackStats {
	var s SlackStats
	var free float64
	for _, r := range reps {
		free += r.Slack.MeanFree * float64(r.Slack.Rejections)
		s.Rejections += r.Slack.Rejections
	}
	if s.Rejections > 0 {
		s.MeanFree = free / float64(s.Rejections)
	}
	return s
}

func (s *slackLost) observe(free int) {
	s.mu.Lock()
	s.rejections++
	s.free += int64(free)
	s.mu.Unlock()
}

func (s *slackLost) stats() SlackStats {
	s.mu.Lock()
	defer s.mu.Unlock()
	st := SlackStats{Rejections: s.rejections}
	if s.rejections > 0 {
		st.MeanFree = float64(s.free) / float64(s.rejections)
	}
	return st
}

// slackHealth is the slack lost to the payment bulkhead: how many workers sat free, on
// average, when it turned a payment away (field guide §6).
func slackHealth(s *Snapshot, _ int) []Item {
	if s.Slack.Rejections == 0 {
		return nil
	}
	return []Item{{Label: "slack lost:", Value: fmt.Sprintf("%s workers free at each of %s bulkhead rejections",
		FmtWorkers(s.Slack.MeanFree), FmtCount(s.Slack.Rejections))}}
}
