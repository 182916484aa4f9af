// SPDX-License-Identifier: Apache-2.0
pragma solidity ^0.8.20;

import {IERC20} from "@openzeppelin/contracts/token/ERC20/IERC20.sol";
import {SafeERC20} from "@openzeppelin/contracts/token/ERC20/utils/SafeERC20.sol";
import {AccessControl} from "@openzeppelin/contracts/access/AccessControl.sol";
import {Ownable} from "@openzeppelin/contracts/access/Ownable.sol";
import {ECDSA} from "@openzeppelin/contracts/utils/cryptography/ECDSA.sol";
import {EIP712} from "@openzeppelin/contracts/utils/cryptography/EIP712.sol";
import {Pausable} from "@openzeppelin/contracts/utils/Pausable.sol";
import {ReentrancyGuard} from "@openzeppelin/contracts/utils/ReentrancyGuard.sol";

interface IRecurringFeeProxy {
    function transferFromWithReferenceAndFee(
        address _tokenAddress,
        address _to,
        uint256 _amount,
        bytes calldata _paymentReference,
        uint256 _feeAmount,
        address _feeAddress
    ) external;
}

/// @title ERC20RecurringPaymentProxy (Payrail)
/// @notice Executes the payments of a schedule the subscriber signed once as an EIP-712
///         SchedulePermit, with exactly the field names, order and types of the API's
///         `recurringPaymentPermit.types.SchedulePermit` (gasFee, firstExec, totalExecutions; no
///         strictOrder), so a permit the API returns can be signed unchanged. Request Network's
///         deployed 0.1.0 proxy uses other names (relayerFee, firstPayment, totalPayments,
///         strictOrder) and cannot verify that permit.
/// @dev Each execution pulls amount + feeAmount + gasFee from the subscriber, pays the recipient
///      and the fee address through the ERC20FeeProxy (its TransferWithReferenceAndFee event
///      carries the payment reference detection matches) and the gas fee to the relayer.
contract ERC20RecurringPaymentProxy is EIP712, AccessControl, Pausable, ReentrancyGuard, Ownable {
    using SafeERC20 for IERC20;

    struct SchedulePermit {
        address subscriber;
        address token;
        address recipient;
        address feeAddress;
        uint128 amount;
        uint128 feeAmount;
        uint128 gasFee;
        uint32 periodSeconds;
        uint32 firstExec;
        uint8 totalExecutions;
        uint256 nonce;
        uint256 deadline;
    }

    bytes32 public constant RELAYER_ROLE = keccak256("RELAYER_ROLE");
    bytes32 public constant PERMIT_TYPEHASH =
        keccak256(
            "SchedulePermit(address subscriber,address token,address recipient,address feeAddress,uint128 amount,uint128 feeAmount,uint128 gasFee,uint32 periodSeconds,uint32 firstExec,uint8 totalExecutions,uint256 nonce,uint256 deadline)"
        );

    IRecurringFeeProxy public erc20FeeProxy;
    /// @notice Bit `index` is set once payment `index` of the schedule (its permit digest) was made.
    mapping(bytes32 => uint256) public executedBitmap;
    /// @notice True once the subscriber revoked the schedule signed with this digest: no payment of it executes again.
    mapping(bytes32 => bool) public revoked;

    error BadSignature();
    error SignatureExpired();
    error IndexOutOfBounds();
    error NotDueYet();
    error AlreadyPaid();
    error ZeroAddress();
    error PermitRevoked();
    error NotSubscriber();

    event RecurringPaymentExecuted(bytes32 indexed digest, uint8 index, bytes paymentReference);
    event ScheduleRevoked(bytes32 indexed digest, address indexed subscriber);

    constructor(address admin, address relayer, address feeProxy) EIP712("ERC20RecurringPaymentProxy", "1") Ownable(admin) {
        if (admin == address(0) || relayer == address(0) || feeProxy == address(0)) revert ZeroAddress();
        _grantRole(DEFAULT_ADMIN_ROLE, admin);
        _grantRole(RELAYER_ROLE, relayer);
        erc20FeeProxy = IRecurringFeeProxy(feeProxy);
    }

    /// @notice The EIP-712 digest the subscriber signs for `p`.
    function digestOf(SchedulePermit calldata p) public view returns (bytes32) {
        return _hashTypedDataV4(keccak256(abi.encode(PERMIT_TYPEHASH, p)));
    }

    /// @notice True once payment `index` (1-based) of the schedule signed as `p` was made.
    function isExecuted(SchedulePermit calldata p, uint8 index) external view returns (bool) {
        return executedBitmap[digestOf(p)] & (uint256(1) << index) != 0;
    }

    /// @notice Makes payment number `index` (1 to totalExecutions) of the schedule, at most once,
    ///         not before firstExec + (index - 1) * periodSeconds and not after the deadline.
    function execute(
        SchedulePermit calldata p,
        bytes calldata signature,
        uint8 index,
        bytes calldata paymentReference
    ) external whenNotPaused onlyRole(RELAYER_ROLE) nonReentrant {
        bytes32 digest = _claim(p, signature, index);
        _pay(p, paymentReference);
        emit RecurringPaymentExecuted(digest, index, paymentReference);
    }

    /// @notice The subscriber withdraws the permit `p`: every later execute of it reverts with
    ///         PermitRevoked, whatever the relayer or the API does. Only the subscriber can call
    ///         it; no signature is needed, the sender is the proof. Revoking twice is harmless.
    function revoke(SchedulePermit calldata p) external {
        if (msg.sender != p.subscriber) revert NotSubscriber();
        bytes32 digest = digestOf(p);
        revoked[digest] = true;
        emit ScheduleRevoked(digest, msg.sender);
    }

    /// @dev Checks the permit and the index and marks the index paid (before any external call).
    function _claim(SchedulePermit calldata p, bytes calldata signature, uint8 index) private returns (bytes32 digest) {
        digest = digestOf(p);
        if (ECDSA.recover(digest, signature) != p.subscriber) revert BadSignature();
        if (revoked[digest]) revert PermitRevoked();
        if (block.timestamp > p.deadline) revert SignatureExpired();
        if (index == 0 || index > p.totalExecutions) revert IndexOutOfBounds();
        if (block.timestamp < uint256(p.firstExec) + uint256(index - 1) * uint256(p.periodSeconds)) revert NotDueYet();
        uint256 bit = uint256(1) << index;
        if (executedBitmap[digest] & bit != 0) revert AlreadyPaid();
        executedBitmap[digest] |= bit;
    }

    function _pay(SchedulePermit calldata p, bytes calldata paymentReference) private {
        IERC20 token = IERC20(p.token);
        uint256 paid = uint256(p.amount) + uint256(p.feeAmount);
        token.safeTransferFrom(p.subscriber, address(this), paid + uint256(p.gasFee));
        token.forceApprove(address(erc20FeeProxy), paid);
        erc20FeeProxy.transferFromWithReferenceAndFee(p.token, p.recipient, p.amount, paymentReference, p.feeAmount, p.feeAddress);
        if (p.gasFee != 0) token.safeTransfer(msg.sender, p.gasFee);
    }

    function setFeeProxy(address feeProxy) external onlyOwner {
        if (feeProxy == address(0)) revert ZeroAddress();
        erc20FeeProxy = IRecurringFeeProxy(feeProxy);
    }

    function pause() external onlyOwner {
        _pause();
    }

    function unpause() external onlyOwner {
        _unpause();
    }
}
