#pragma once
// Edits of a scenario as plain functions on values: the document wraps each in one undo step.
// Each throws InputError when the edit makes no sense; validation of the result is
// Placement::build's job.

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "ringscope/placement.h"
#include "ringscope/scenario.h"

namespace ringscope::edits {

// The first free id of "A".."Z", then "node-27", ...
std::string freeNodeId(const Scenario& scenario);

// The middle of the longest arc (the best place for a new explicit token). O(T).
uint64_t largestArcMidpoint(const Ring& ring);

// A node like its neighbours: the same vnode count if they use vnodes, else one explicit token
// in the middle of the longest arc.
NodeSpec suggestedNode(const Scenario& scenario, const Placement& placement);

// Removes a node (not the last one); a jump bucket table starts over and replicas shrink to fit.
void removeNode(Scenario& scenario, size_t node);

// One more / one fewer token of `node`: vnodes + 1 for hash-named nodes, else an explicit token
// in the middle of the longest arc (removal drops the node's last explicit token).
void addVnode(Scenario& scenario, const Placement& placement, size_t node);
void removeVnode(Scenario& scenario, size_t node);

// Adds an explicit token at `position` (a hash-named node first gets its tokens written out).
void addToken(Scenario& scenario, const Placement& placement, size_t node, uint64_t position);
// Removes the ring token with this origin; the last token of a node cannot go.
void removeToken(Scenario& scenario, const Placement& placement, TokenOrigin origin);
// Moves one token; a hash-named node's tokens are written out as explicit positions first.
// `nodePositions` are the node's token positions in origin-index order after the move.
void setNodeTokens(Scenario& scenario, size_t node, std::vector<uint64_t> nodePositions);

// The text of a node's token cell: "20, 45" sets explicit positions, "128 vnodes" a vnode count;
// a bare number keeps a vnode node's kind. Throws InputError naming the node's tokens.
void setNodeTokensText(Scenario& scenario, size_t node, std::string_view text);

// The node's current token positions, in origin-index order.
std::vector<uint64_t> nodeTokenPositions(const Placement& placement, size_t node);

}  // namespace ringscope::edits
