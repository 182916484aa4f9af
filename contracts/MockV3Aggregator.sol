// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";

/// @title MockV3Aggregator
/// @notice Chainlink AggregatorV3Interface-compatible price feed for the local development chain.
///         Each `updateAnswer` opens a new round stamped with the current block time.
contract MockV3Aggregator is Ownable {
    struct Round {
        int256 answer;
        uint256 startedAt;
        uint256 updatedAt;
    }

    uint256 public constant version = 4;

    uint8 public immutable decimals;
    string public description;
    uint80 public latestRound;

    mapping(uint80 => Round) private _rounds;

    event AnswerUpdated(int256 indexed current, uint256 indexed roundId, uint256 updatedAt);

    constructor(uint8 decimals_, int256 initialAnswer, string memory description_) Ownable(msg.sender) {
        decimals = decimals_;
        description = description_;
        _record(initialAnswer);
    }

    /// @notice Publishes a new price as a new round. Only the deployer may move the price.
    function updateAnswer(int256 answer) external onlyOwner {
        _record(answer);
    }

    function latestAnswer() external view returns (int256) {
        return _rounds[latestRound].answer;
    }

    /// @notice Chainlink's AggregatorInterface time of the latest round: Request Network's
    ///         ChainlinkConversionPath reads it (with latestAnswer and decimals) for a rate's age.
    function latestTimestamp() external view returns (uint256) {
        return _rounds[latestRound].updatedAt;
    }

    function latestRoundData()
        external
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        return getRoundData(latestRound);
    }

    function getRoundData(uint80 roundId_)
        public
        view
        returns (uint80 roundId, int256 answer, uint256 startedAt, uint256 updatedAt, uint80 answeredInRound)
    {
        Round memory round = _rounds[roundId_];
        // Chainlink reverts for rounds it has no data for.
        require(round.updatedAt != 0, "No data present");
        return (roundId_, round.answer, round.startedAt, round.updatedAt, roundId_);
    }

    function _record(int256 answer) private {
        uint80 roundId = latestRound + 1;
        latestRound = roundId;
        _rounds[roundId] = Round({answer: answer, startedAt: block.timestamp, updatedAt: block.timestamp});
        emit AnswerUpdated(answer, roundId, block.timestamp);
    }
}
